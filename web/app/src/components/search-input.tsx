import { Search } from 'lucide-react'
import type { ComponentProps } from 'react'

import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

/** A search box with its magnifier drawn inside, on the left. */
export function SearchInput({ className, ...inputProps }: Omit<ComponentProps<typeof Input>, 'type'>) {
  return (
    <div className="relative">
      <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" className={cn('pl-9', className)} {...inputProps} />
    </div>
  )
}
