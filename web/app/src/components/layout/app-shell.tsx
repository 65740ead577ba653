import type { ReactNode } from 'react'

interface AppShellProps {
  sideBar: ReactNode
  bottomBar: ReactNode
  children: ReactNode
}

/** Side bar on md and up, bottom bar below; the screen in between. */
export function AppShell({ sideBar, bottomBar, children }: AppShellProps) {
  return (
    <div className="flex min-h-svh">
      {sideBar}
      <main className="min-w-0 flex-1 pb-20 md:pb-0">
        <div className="mx-auto w-full max-w-3xl px-4 py-6">{children}</div>
      </main>
      {bottomBar}
    </div>
  )
}
