import type { NavLinkEntry } from '@/components/layout/nav-types'
import { useDisabledPlugins } from '@/features/plugins'

import { navigationMessages as m } from '../messages'
import type { NavEntry } from '../nav-entries'

/** The plugins' badge counts, by plugin name (see `usePluginBadgeCounts`). */
export type PluginBadgeCounts = ReadonlyMap<string, number>

const noCounts: PluginBadgeCounts = new Map()

function badgeOf(entry: NavEntry, unreadCount: number, pluginCounts: PluginBadgeCounts): NavLinkEntry['badge'] {
  if (entry.unreadBadge) return { count: unreadCount, label: m.unread(unreadCount) }
  if (entry.pluginBadge && entry.plugin) {
    const count = pluginCounts.get(entry.plugin) ?? 0
    return { count, label: entry.pluginBadge.label(count) }
  }
  return undefined
}

/** Drops entries of disabled plugins and attaches the counters. */
export function resolveNavEntries(
  entries: readonly NavEntry[],
  disabledPlugins: readonly string[],
  unreadCount: number,
  pluginCounts: PluginBadgeCounts = noCounts,
): NavLinkEntry[] {
  return entries
    .filter((entry) => !entry.plugin || !disabledPlugins.includes(entry.plugin))
    .map((entry) => ({
      to: entry.to,
      label: entry.label,
      icon: entry.icon,
      end: entry.end,
      badge: badgeOf(entry, unreadCount, pluginCounts),
    }))
}

export function useNavEntries(
  entries: readonly NavEntry[],
  unreadCount: number,
  pluginCounts: PluginBadgeCounts = noCounts,
): NavLinkEntry[] {
  return resolveNavEntries(entries, useDisabledPlugins(), unreadCount, pluginCounts)
}
