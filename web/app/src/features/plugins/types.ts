import type { LucideIcon } from 'lucide-react'
import type { ComponentType } from 'react'

/** One screen of a plugin: its URL pattern and the screen, loaded on demand. */
export interface PluginRoute {
  /** A react-router pattern, e.g. '/communities/:id'. */
  path: string
  load: () => Promise<ComponentType>
}

/** A plugin's place in one of the navigation bars. */
export interface PluginNavEntry {
  to: string
  label: string
  icon: LucideIcon
  /** Carries the unread-messages counter. */
  messagesBadge?: boolean
}

/**
 * Everything the member app needs to know about one plugin's front end. A
 * descriptor lives in the plugin's own folder (`features/<name>/plugin.ts`)
 * and must stay light: its screens are imported only when their route is
 * visited.
 */
export interface PluginDescriptor<Name extends string = string> {
  /** The plugin's name on the server (`/api/v1/meta`). */
  name: Name
  /** The plugin's URL builders, for links from its own and other screens. */
  paths: Readonly<Record<string, string | ((...args: string[]) => string)>>
  routes: readonly PluginRoute[]
  /** Its entries in the navigation bars; one without an entry is not in that bar. */
  nav: { sideBar?: PluginNavEntry; bottomBar?: PluginNavEntry }
}
