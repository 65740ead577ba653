import type { NavLinkEntry } from '@/components/layout/nav-types'
import { useDisabledPlugins } from '@/features/plugins'

import { navigationMessages as m } from '../messages'
import type { NavEntry } from '../nav-entries'

/** Drops entries of disabled plugins and attaches the unread counter. */
export function resolveNavEntries(
  entries: readonly NavEntry[],
  disabledPlugins: readonly string[],
  unreadCount: number,
  messagesUnread = 0,
): NavLinkEntry[] {
  return entries
    .filter((entry) => !entry.plugin || !disabledPlugins.includes(entry.plugin))
    .map(({ to, label, icon, end, unreadBadge, messagesBadge }) => ({
      to,
      label,
      icon,
      end,
      badge: unreadBadge
        ? { count: unreadCount, label: m.unread(unreadCount) }
        : messagesBadge
          ? { count: messagesUnread, label: m.unreadMessages(messagesUnread) }
          : undefined,
    }))
}

export function useNavEntries(entries: readonly NavEntry[], unreadCount: number, messagesUnread = 0): NavLinkEntry[] {
  return resolveNavEntries(entries, useDisabledPlugins(), unreadCount, messagesUnread)
}
