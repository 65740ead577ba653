import { Logo } from '@/components/layout/logo'
import type { NavUser } from '@/components/layout/nav-types'
import { SideBar } from '@/components/layout/side-bar'

import { useNavEntries, type PluginBadgeCounts } from '../hooks/use-nav-entries'
import { navigationMessages as m } from '../messages'
import { sideBarEntries } from '../nav-entries'

interface MemberSideBarProps {
  user: NavUser | null
  unreadCount: number
  /** The plugins' counters (e.g. unread messages on 'Mensagens'). */
  pluginCounts?: PluginBadgeCounts
  onSignOut: () => void
  signingOut?: boolean
  className?: string
}

export function MemberSideBar({
  user,
  unreadCount,
  pluginCounts,
  onSignOut,
  signingOut,
  className,
}: MemberSideBarProps) {
  const entries = useNavEntries(sideBarEntries, unreadCount, pluginCounts)
  return (
    <SideBar
      label={m.sideBarLabel}
      entries={entries}
      logo={<Logo />}
      user={user}
      signOutLabel={m.signOut}
      onSignOut={onSignOut}
      signingOut={signingOut}
      className={className}
    />
  )
}
