import type { ReactNode } from 'react'

import { mainContentId } from '@/lib/focus'

import { SkipLink } from './skip-link'

interface AppShellProps {
  sideBar: ReactNode
  /** The phone's header, above the screen (below md). */
  topBar?: ReactNode
  bottomBar: ReactNode
  /** The skip link's text ('Pular para o conteúdo'). */
  skipLabel: string
  children: ReactNode
}

/** Side bar on md and up; below, a header above the screen and a bottom bar. */
export function AppShell({ sideBar, topBar, bottomBar, skipLabel, children }: AppShellProps) {
  return (
    <div className="flex min-h-svh">
      <SkipLink target={mainContentId} label={skipLabel} />
      {sideBar}
      {/* The header stays outside <main>: it is the page's banner landmark. */}
      <div className="flex min-w-0 flex-1 flex-col">
        {topBar}
        {/* tabIndex -1: the skip link moves focus here; no outline, as it is not a control. */}
        <main id={mainContentId} tabIndex={-1} className="min-w-0 flex-1 pb-20 outline-none md:pb-0">
          <div className="mx-auto w-full max-w-3xl px-4 py-6">{children}</div>
        </main>
      </div>
      {bottomBar}
    </div>
  )
}
