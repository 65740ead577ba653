import { communitiesPlugin } from '@/features/communities/plugin'
import { messagesPlugin } from '@/features/messages/plugin'
import { roomsPlugin } from '@/features/rooms/plugin'
import { storiesPlugin } from '@/features/stories/plugin'

import type { PluginDescriptor } from './types'

/**
 * The plugins the member app has a front end for, one line each. Their order
 * is their order in the navigation bars. A plugin missing here has no screens
 * or entries even when the server has it on; one here is hidden while the
 * server reports it off.
 */
export const pluginRegistry = [
  storiesPlugin,
  roomsPlugin,
  communitiesPlugin,
  messagesPlugin,
] as const satisfies readonly PluginDescriptor[]

/** Plugins that own parts of the member app's navigation and screens. */
export type PluginName = (typeof pluginRegistry)[number]['name']
