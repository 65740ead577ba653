import { communitiesPlugin } from '@/features/communities/plugin'
import { messagesPlugin } from '@/features/messages/plugin'
import { roomsPlugin } from '@/features/rooms/plugin'
import { storiesPlugin } from '@/features/stories/plugin'

import { useDisabledPlugins } from './hooks/use-disabled-plugins'
import type { PluginDescriptor } from './types'

/**
 * The plugins the member app has a front end for, one line each. Their order
 * is their order in the navigation bars and in every slot (profile actions,
 * settings rows). A plugin missing here has no screens or entries even when
 * the server has it on; one here is hidden while the server reports it off.
 *
 * This is the one module that imports the plugins' descriptors; the core
 * screens read the plugins through it, and the descriptors import only
 * `./types`, so no import runs back from a plugin to the core.
 */
export const pluginRegistry = [
  storiesPlugin,
  roomsPlugin,
  communitiesPlugin,
  messagesPlugin,
] as const satisfies readonly PluginDescriptor[]

/** The registered plugins the server has on, in registry order. */
export function useEnabledPlugins(): readonly PluginDescriptor[] {
  const disabled = useDisabledPlugins()
  return pluginRegistry.filter((plugin) => !disabled.includes(plugin.name))
}
