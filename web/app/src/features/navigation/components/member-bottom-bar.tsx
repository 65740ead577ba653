import { BottomBar } from '@/components/layout/bottom-bar'

import { useNavEntries, type PluginBadgeCounts } from '../hooks/use-nav-entries'
import { navigationMessages as m } from '../messages'
import { bottomBarEntries } from '../nav-entries'

interface MemberBottomBarProps {
  /** The plugins' counters, for those of their entries that carry one. */
  pluginCounts?: PluginBadgeCounts
  onSignOut: () => void
  signingOut?: boolean
  className?: string
}

export function MemberBottomBar({ pluginCounts, onSignOut, signingOut, className }: MemberBottomBarProps) {
  const entries = useNavEntries(bottomBarEntries, 0, pluginCounts)
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
