import type { ReactNode } from 'react'

interface PageProps {
  title: string
  /** Right-aligned controls next to the title. */
  actions?: ReactNode
  children?: ReactNode
}

/** A screen with its heading. */
export function Page({ title, actions, children }: PageProps) {
  return (
    <section className="grid gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {actions}
      </header>
      {children}
    </section>
  )
}
