import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

interface LoadFailedProps {
  /** What could not be read, from the feature's catalogue. */
  message: string
  /** The button's label, from the feature's catalogue ('Tentar novamente'). */
  retryLabel: string
  /** The read runs again: the button waits for it. */
  retrying: boolean
  onRetry: () => void
  /** 'block' (the default) centres it in a list's place; 'inline' keeps it small and to the start, inside a section. */
  layout?: 'block' | 'inline'
  className?: string
}

/**
 * A list or page that could not be read: says so (announced to screen
 * readers) and offers to read it again. One shape for every screen, so a
 * member meets the same message and button wherever a read fails.
 */
export function LoadFailed({ message, retryLabel, retrying, onRetry, layout = 'block', className }: LoadFailedProps) {
  const inline = layout === 'inline'
  return (
    <div
      role="alert"
      className={cn(
        inline ? 'grid justify-items-start gap-2' : 'grid justify-items-center gap-3 py-8 text-center',
        className,
      )}
    >
      <p className={cn('text-muted-foreground', inline && 'text-sm')}>{message}</p>
      <Button variant="outline" size={inline ? 'sm' : 'default'} disabled={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  )
}

/** A read that can run again: what LoadFailed needs of a TanStack Query result. */
interface Rereadable {
  isFetching: boolean
  refetch: () => Promise<unknown>
}

/** LoadFailed for a query: the button reads it again and waits while it runs. */
export function QueryLoadFailed({
  query,
  ...props
}: Omit<LoadFailedProps, 'retrying' | 'onRetry'> & { query: Rereadable }) {
  return <LoadFailed {...props} retrying={query.isFetching} onRetry={() => void query.refetch()} />
}
