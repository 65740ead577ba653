import { Outlet } from 'react-router'

import { AppShell } from '@/components/layout/app-shell'
import type { NavUser } from '@/components/layout/nav-types'
import { useSession, type SessionUser } from '@/features/session'

import { useSignOutAction } from '../hooks/use-sign-out-action'
import { usePluginBadgeCounts } from '../hooks/use-plugin-badge-counts'
import { useUnreadCount } from '../hooks/use-unread-count'
import { navigationMessages as m } from '../messages'

import { MemberBottomBar } from './member-bottom-bar'
import { MemberSideBar } from './member-side-bar'
import { MemberTopBar } from './member-top-bar'
import { PushOfferHost } from './push-offer-host'

function toNavUser(user: SessionUser): NavUser {
  return {
    name: user.displayName || user.handle,
    handle: `@${user.handle}`,
    avatarUrl: user.avatarUrl,
    avatarVariants: user.avatarVariants,
  }
}

/** The signed-in frame: side bar (md and up), header and bottom bar (below md), the screen. */
export function MemberLayout() {
  const { user } = useSession()
  const unreadCount = useUnreadCount()
  const pluginCounts = usePluginBadgeCounts()
  const { signOut, signingOut } = useSignOutAction()
  return (
    <AppShell
      skipLabel={m.skipToContent}
      sideBar={
        <MemberSideBar
          className="hidden md:flex"
          user={user ? toNavUser(user) : null}
          unreadCount={unreadCount}
          pluginCounts={pluginCounts}
          onSignOut={signOut}
          signingOut={signingOut}
        />
      }
      topBar={<MemberTopBar className="md:hidden" unreadCount={unreadCount} pluginCounts={pluginCounts} />}
      bottomBar={
        <MemberBottomBar className="md:hidden" pluginCounts={pluginCounts} onSignOut={signOut} signingOut={signingOut} />
      }
    >
      <Outlet />
      <PushOfferHost />
    </AppShell>
  )
}
