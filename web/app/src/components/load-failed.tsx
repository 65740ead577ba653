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
  className?: string
}

/**
 * A list or page that could not be read: says so (announced to screen
 * readers) and offers to read it again. One shape for every screen, so a
 * member meets the same message and button wherever a read fails.
 */
export function LoadFailed({ message, retryLabel, retrying, onRetry, className }: LoadFailedProps) {
  return (
    <div role="alert" className={cn('grid justify-items-center gap-3 py-8 text-center', className)}>
      <p className="text-muted-foreground">{message}</p>
      <Button variant="outline" disabled={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  )
}
