import {
  Bell,
  CircleDashed,
  Home,
  MessageCircle,
  Music,
  PlusSquare,
  Search,
  Settings,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react'

import { paths } from '@/config/paths'
import type { PluginName } from '@/features/plugins'

import { navigationMessages as m } from './messages'

export interface NavEntry {
  to: string
  label: string
  icon: LucideIcon
  end?: boolean
  /** Hidden when the server reports this plugin as disabled. */
  plugin?: PluginName
  /** Carries the unread-notifications counter. */
  unreadBadge?: boolean
  /** Carries the unread-messages counter. */
  messagesBadge?: boolean
}

/** Desktop side bar, in this order ('Sair' is rendered by the bar), with Stories after Criar. */
export const sideBarEntries: readonly NavEntry[] = [
  { to: paths.home, label: m.home, icon: Home, end: true },
  { to: paths.search, label: m.explore, icon: Search },
  { to: paths.createPost, label: m.create, icon: PlusSquare },
  { to: paths.stories, label: m.stories, icon: CircleDashed, plugin: 'stories' },
  { to: paths.listeningRooms, label: m.rooms, icon: Music, plugin: 'rooms' },
  { to: paths.communities, label: m.communities, icon: Users, plugin: 'communities' },
  { to: paths.messages, label: m.messages, icon: MessageCircle, plugin: 'messages', messagesBadge: true },
  { to: paths.notifications, label: m.notifications, icon: Bell, unreadBadge: true },
  { to: paths.profile, label: m.profile, icon: User },
  { to: paths.settings, label: m.settings, icon: Settings },
]

/** Mobile bottom bar, in this order ('Sair' is rendered by the bar), with Stories after Buscar. */
export const bottomBarEntries: readonly NavEntry[] = [
  { to: paths.home, label: m.home, icon: Home, end: true },
  { to: paths.search, label: m.search, icon: Search },
  { to: paths.stories, label: m.stories, icon: CircleDashed, plugin: 'stories' },
  { to: paths.listeningRooms, label: m.roomsShort, icon: Music, plugin: 'rooms' },
  { to: paths.communities, label: m.communities, icon: Users, plugin: 'communities' },
  { to: paths.createPost, label: m.create, icon: PlusSquare },
  { to: paths.profile, label: m.profile, icon: User },
]
