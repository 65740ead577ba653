import type { ConsolePlugin } from '../../plugins/types';
import conversations from '.';
import { conversationsMessages } from './messages';

/** The direct-messages plugin's part of the console (listed in `plugins/registry.ts`). */
export const messagesPlugin: ConsolePlugin = {
  name: 'messages',
  resources: [{ name: 'conversations', definition: conversations, messages: conversationsMessages }],
};
