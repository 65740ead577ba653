import type { ConsolePlugin } from '../../plugins/types';
import stories from '.';
import { storiesMessages } from './messages';

/** The stories plugin's part of the console (listed in `plugins/registry.ts`). */
export const storiesPlugin: ConsolePlugin = {
  name: 'stories',
  resources: [{ name: 'stories', definition: stories, messages: storiesMessages }],
};
