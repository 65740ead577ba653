import { Users } from 'lucide-react'
import { Link } from 'react-router'

import { PRODUCT_NAME } from '@/config/product'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'

/** The product mark; always a link to the feed. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to={paths.home}
      className={cn('inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-primary', className)}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Users aria-hidden="true" className="size-5" />
      </span>
      {PRODUCT_NAME}
    </Link>
  )
}
