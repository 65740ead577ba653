import { Logo } from '@/components/layout/logo'
import { TopBar } from '@/components/layout/top-bar'

import { useNavEntries, type PluginBadgeCounts } from '../hooks/use-nav-entries'
import { navigationMessages as m } from '../messages'
import { topBarEntries } from '../nav-entries'

interface MemberTopBarProps {
  unreadCount: number
  /** The plugins' counters (e.g. unread messages on 'Mensagens'). */
  pluginCounts?: PluginBadgeCounts
  className?: string
}

/** The phone's header: the screens the bottom bar leaves out, with their counters. */
export function MemberTopBar({ unreadCount, pluginCounts, className }: MemberTopBarProps) {
  const entries = useNavEntries(topBarEntries, unreadCount, pluginCounts)
  return <TopBar label={m.topBarLabel} entries={entries} logo={<Logo />} className={className} />
}
