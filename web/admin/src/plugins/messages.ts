import type { StringMap, TranslationMessages } from 'react-admin';

import type { ConsolePlugin } from './types';

/** The console's messages with every registered plugin's resource labels added under `resources`. */
export function withPluginMessages(messages: TranslationMessages, plugins: readonly ConsolePlugin[]): TranslationMessages {
  const labels = Object.fromEntries(plugins.flatMap((plugin) => plugin.resources.map((r) => [r.name, r.messages])));
  return { ...messages, resources: { ...(messages.resources as StringMap), ...labels } };
}
