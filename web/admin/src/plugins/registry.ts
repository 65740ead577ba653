import { communitiesPlugin } from '../resources/communities/plugin';
import { messagesPlugin } from '../resources/conversations/plugin';
import { federationPlugin } from '../resources/federation/plugin';
import { roomsPlugin } from '../resources/rooms/plugin';
import { storiesPlugin } from '../resources/stories/plugin';
import type { ConsolePlugin } from './types';

/**
 * The plugins the console has screens for, one line each; their order is
 * their order in the menu. A plugin missing here has no screens even when the
 * server has it on; one here is hidden while the server reports it off.
 */
export const consolePlugins: readonly ConsolePlugin[] = [
  communitiesPlugin,
  roomsPlugin,
  storiesPlugin,
  messagesPlugin,
  federationPlugin,
];
