import type { ReactNode } from 'react'

interface AppShellProps {
  sideBar: ReactNode
  /** The phone's header, above the screen (below md). */
  topBar?: ReactNode
  bottomBar: ReactNode
  children: ReactNode
}

/** Side bar on md and up; below, a header above the screen and a bottom bar. */
export function AppShell({ sideBar, topBar, bottomBar, children }: AppShellProps) {
  return (
    <div className="flex min-h-svh">
      {sideBar}
      {/* The header stays outside <main>: it is the page's banner landmark. */}
      <div className="flex min-w-0 flex-1 flex-col">
        {topBar}
        <main className="min-w-0 flex-1 pb-20 md:pb-0">
          <div className="mx-auto w-full max-w-3xl px-4 py-6">{children}</div>
        </main>
      </div>
      {bottomBar}
    </div>
  )
}
