import type { ComponentProps, ReactNode } from 'react'

import { Button } from '@/components/ui/button'

/** What the button needs of an infinite query. */
interface Pages {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

interface NextPageButtonProps {
  pages: Pages
  variant?: ComponentProps<typeof Button>['variant']
  className?: string
  /** The label, from the feature's catalogue. */
  children: ReactNode
}

/** A button reading a list's next page, shown only while there is one and idle while it is read. */
export function NextPageButton({ pages, variant = 'outline', className, children }: NextPageButtonProps) {
  if (!pages.hasNextPage) return null
  return (
    <Button
      variant={variant}
      className={className}
      disabled={pages.isFetchingNextPage}
      onClick={() => {
        void pages.fetchNextPage()
      }}
    >
      {children}
    </Button>
  )
}
