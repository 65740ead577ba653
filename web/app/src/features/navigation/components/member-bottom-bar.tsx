import { BottomBar } from '@/components/layout/bottom-bar'

import { useNavEntries } from '../hooks/use-nav-entries'
import { navigationMessages as m } from '../messages'
import { bottomBarEntries } from '../nav-entries'

interface MemberBottomBarProps {
  onSignOut: () => void
  signingOut?: boolean
  className?: string
}

export function MemberBottomBar({ onSignOut, signingOut, className }: MemberBottomBarProps) {
  const entries = useNavEntries(bottomBarEntries, 0)
  return (
    <BottomBar
      label={m.bottomBarLabel}
      entries={entries}
      signOutLabel={m.signOut}
      onSignOut={onSignOut}
      signingOut={signingOut}
      className={className}
    />
  )
}
