import type { ConsolePlugin } from '../../plugins/types';
import communities from '.';
import { communitiesMessages } from './messages';

/** The communities plugin's part of the console (listed in `plugins/registry.ts`). */
export const communitiesPlugin: ConsolePlugin = {
  name: 'communities',
  resources: [{ name: 'communities', definition: communities, messages: communitiesMessages }],
};
