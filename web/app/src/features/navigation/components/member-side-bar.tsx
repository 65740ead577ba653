import { Logo } from '@/components/layout/logo'
import type { NavUser } from '@/components/layout/nav-types'
import { SideBar } from '@/components/layout/side-bar'

import { useNavEntries } from '../hooks/use-nav-entries'
import { navigationMessages as m } from '../messages'
import { sideBarEntries } from '../nav-entries'

interface MemberSideBarProps {
  user: NavUser | null
  unreadCount: number
  /** Unread direct messages ('Mensagens'). */
  messagesUnreadCount?: number
  onSignOut: () => void
  signingOut?: boolean
  className?: string
}

export function MemberSideBar({
  user,
  unreadCount,
  messagesUnreadCount,
  onSignOut,
  signingOut,
  className,
}: MemberSideBarProps) {
  const entries = useNavEntries(sideBarEntries, unreadCount, messagesUnreadCount)
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
