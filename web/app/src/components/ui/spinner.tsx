import { LoaderCircle } from 'lucide-react'
import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

type SpinnerProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** Accessible name announced by screen readers, e.g. 'Carregando...'. */
  label: string
}

/** An indeterminate progress indicator exposed as role="status". */
function Spinner({ label, className, ...props }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} aria-live="polite" className={cn('inline-flex', className)} {...props}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
    </div>
  )
}

/** Covers the viewport while something the whole screen depends on loads. */
function FullScreenSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner label={label} />
    </div>
  )
}

export { FullScreenSpinner, Spinner }
