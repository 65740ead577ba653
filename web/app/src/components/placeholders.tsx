import { Fragment, type ReactNode } from 'react'

interface PlaceholdersProps {
  /** What is being read, announced while it loads (e.g. 'Carregando sessões'). */
  label: string
  count: number
  /** One placeholder, repeated `count` times. */
  children: ReactNode
  /** Also marks the region busy, for lists that fill in place. */
  busy?: boolean
  /** The layout of the placeholders (e.g. 'grid gap-2'). */
  className?: string
}

/** The stand-ins of a list while it is read: one status region, the same placeholder `count` times. */
export function Placeholders({ label, count, children, busy, className }: PlaceholdersProps) {
  return (
    <div role="status" aria-busy={busy ? true : undefined} aria-label={label} className={className}>
      {Array.from({ length: count }, (_, index) => (
        <Fragment key={index}>{children}</Fragment>
      ))}
    </div>
  )
}
