import { Bell, Home, PlusSquare, Search, Settings, User, type LucideIcon } from 'lucide-react'

import { paths } from '@/config/paths'
import type { PluginDescriptor, PluginNavBadge, PluginNavEntry } from '@/features/plugins'
import { pluginRegistry } from '@/features/plugins/registry'

import { navigationMessages as m } from './messages'

export interface NavEntry {
  to: string
  label: string
  icon: LucideIcon
  end?: boolean
  /** Hidden when the server reports this plugin as disabled. */
  plugin?: string
  /** Carries the unread-notifications counter. */
  unreadBadge?: boolean
  /** The plugin's own counter (e.g. unread messages), counted by `usePluginBadgeCounts`. */
  pluginBadge?: PluginNavBadge
}

/** The entries the registered plugins put in one bar, in registry order, each tagged with its plugin. */
function pluginEntries(registry: readonly PluginDescriptor[], bar: 'sideBar' | 'bottomBar'): NavEntry[] {
  return registry.flatMap((plugin) => {
    const entry: PluginNavEntry | undefined = plugin.nav[bar]
    return entry ? [{ ...entry, plugin: plugin.name, pluginBadge: plugin.nav.badge }] : []
  })
}

/** Desktop side bar, in this order ('Sair' is rendered by the bar): the plugins' entries come after Criar. */
export function sideBarEntriesFor(registry: readonly PluginDescriptor[]): readonly NavEntry[] {
  return [
    { to: paths.home, label: m.home, icon: Home, end: true },
    { to: paths.search, label: m.explore, icon: Search },
    { to: paths.createPost, label: m.create, icon: PlusSquare },
    ...pluginEntries(registry, 'sideBar'),
    { to: paths.notifications, label: m.notifications, icon: Bell, unreadBadge: true },
    { to: paths.profile, label: m.profile, icon: User },
    { to: paths.settings, label: m.settings, icon: Settings },
  ]
}

/** Mobile bottom bar, in this order ('Sair' is rendered by the bar): the plugins' entries come after Buscar. */
export function bottomBarEntriesFor(registry: readonly PluginDescriptor[]): readonly NavEntry[] {
  return [
    { to: paths.home, label: m.home, icon: Home, end: true },
    { to: paths.search, label: m.search, icon: Search },
    ...pluginEntries(registry, 'bottomBar'),
    { to: paths.createPost, label: m.create, icon: PlusSquare },
    { to: paths.profile, label: m.profile, icon: User },
  ]
}

/**
 * The phone's header: every side bar screen the bottom bar has no entry for
 * (Mensagens, Notificações, Configurações with the registry of today), so
 * that on a phone every screen stays one tap away with its counter.
 */
export function topBarEntriesFor(registry: readonly PluginDescriptor[]): readonly NavEntry[] {
  const inBottomBar = new Set(bottomBarEntriesFor(registry).map((entry) => entry.to))
  return sideBarEntriesFor(registry).filter((entry) => !inBottomBar.has(entry.to))
}

export const sideBarEntries = sideBarEntriesFor(pluginRegistry)
export const bottomBarEntries = bottomBarEntriesFor(pluginRegistry)
export const topBarEntries = topBarEntriesFor(pluginRegistry)
