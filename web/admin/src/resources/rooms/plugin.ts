import type { ConsolePlugin } from '../../plugins/types';
import rooms from '.';
import { roomsMessages } from './messages';

/** The listening-rooms plugin's part of the console (listed in `plugins/registry.ts`). */
export const roomsPlugin: ConsolePlugin = {
  name: 'rooms',
  resources: [{ name: 'rooms', definition: rooms, messages: roomsMessages }],
};
