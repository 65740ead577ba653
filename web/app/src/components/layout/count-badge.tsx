import { cn } from '@/lib/utils'

import { formatCount } from './format-count'

interface CountBadgeProps {
  count: number
  /** Announced instead of the bare number, e.g. '3 notificações não lidas'. */
  label: string
  className?: string
}

/** A small counter bubble; renders nothing at 0. */
export function CountBadge({ count, label, className }: CountBadgeProps) {
  if (count <= 0) return null
  return (
    <>
      <span
        aria-hidden="true"
        data-slot="count-badge"
        className={cn(
          'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-destructive-foreground',
          className,
        )}
      >
        {formatCount(count)}
      </span>
      {/* A separate word for screen readers, after the entry's own label. */}
      <span className="sr-only"> {label}</span>
    </>
  )
}
