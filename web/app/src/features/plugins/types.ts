import type { LucideIcon } from 'lucide-react'
import type { ComponentType } from 'react'

/**
 * The plugins the member app has a front end for, as the server names them
 * (`/api/v1/meta`). Spelled out here rather than derived from the registry so
 * that descriptors and gates can name a plugin without importing the
 * registry, which imports every descriptor.
 */
export type PluginName = 'stories' | 'rooms' | 'communities' | 'messages'

/** One screen of a plugin: its URL pattern and the screen, loaded on demand. */
export interface PluginRoute {
  /** A react-router pattern, e.g. '/communities/:id'. */
  path: string
  /** The screen's name in the page's title (pt-BR); without one, its main heading names it (a room, a conversation). */
  title?: string
  load: () => Promise<ComponentType>
}

/**
 * A counter on a plugin's navigation entries (e.g. unread messages). `useCount`
 * is a hook: the navigation calls it on every render, in registry order.
 */
export interface PluginNavBadge {
  useCount: () => number
  /** Announced instead of the bare number, e.g. '3 mensagens não lidas'. */
  label: (count: number) => string
}

/** A plugin's place in one of the navigation bars. */
export interface PluginNavEntry {
  to: string
  label: string
  icon: LucideIcon
}

/** What a profile action is given: the member whose profile is shown. */
export interface ProfileActionProps {
  handle: string
}

/**
 * How search shows a result of a kind a plugin owns (e.g. communities): the
 * row's icon and type badge, and where it leads.
 */
export interface PluginSearchKind {
  /** The result's `type` on the search API. */
  type: string
  icon: LucideIcon
  label: string
  target: (result: { id: string; subtitle: string }) => string
}

/** The core sections of /settings a plugin may add rows to ('Conta', 'Privacidade e segurança'). */
export type SettingsSectionName = 'account' | 'privacy'

/** A plugin's rows inside one core section of /settings, after the core's own text. */
export interface PluginSettingsRows {
  section: SettingsSectionName
  Rows: ComponentType
}

/**
 * Everything the member app needs to know about one plugin's front end. A
 * descriptor lives in the plugin's own folder (`features/<name>/plugin.ts`)
 * and imports only this module's types from the plugins feature: the
 * registry imports the descriptors, never the other way round. The screens
 * are imported only when their route is visited; the slots (profile actions,
 * badges, settings rows) are small pieces the core screens render while the
 * plugin is on.
 */
export interface PluginDescriptor<Name extends PluginName = PluginName> {
  /** The plugin's name on the server (`/api/v1/meta`). */
  name: Name
  /** The plugin's URL builders, for links from its own and other screens. */
  paths: Readonly<Record<string, string | ((...args: string[]) => string)>>
  routes: readonly PluginRoute[]
  /** Its entries in the navigation bars; one without an entry is not in that bar. */
  nav: { sideBar?: PluginNavEntry; bottomBar?: PluginNavEntry; badge?: PluginNavBadge }
  /** Buttons on another member's profile, before Seguir. */
  profileActions?: readonly ComponentType<ProfileActionProps>[]
  /** Kinds of search results the plugin owns. */
  searchKinds?: readonly PluginSearchKind[]
  /** Rows the plugin adds to core sections of /settings. */
  settingsRows?: readonly PluginSettingsRows[]
}
