import { cn } from '@/lib/utils'

import { postsMessages as m } from '../messages'

/** 280 characters; the counter turns red above 250 used. */
export const POST_MAX_LENGTH = 280
export const POST_WARN_LENGTH = 250

/** The characters a post text has left, red past the warning length. */
export function RemainingCounter({ id, length }: { id: string; length: number }) {
  const remaining = POST_MAX_LENGTH - length
  const warning = remaining < POST_MAX_LENGTH - POST_WARN_LENGTH
  return (
    <span
      id={id}
      data-testid="remaining-characters"
      aria-label={m.remaining(remaining)}
      data-warning={warning ? 'true' : undefined}
      className={cn('ml-auto text-sm tabular-nums text-muted-foreground', warning && 'text-red-500')}
    >
      {remaining}
    </span>
  )
}
