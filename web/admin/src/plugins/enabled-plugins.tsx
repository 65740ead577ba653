import { createContext, Suspense, useContext } from 'react';

import type { ConsolePlugin } from './types';

const none: readonly ConsolePlugin[] = [];

/** The registered plugins the server has on, given by the console to the core's screens. */
export const EnabledPluginsContext = createContext<readonly ConsolePlugin[]>(none);

/**
 * The actions the plugins that are on add to the report screen, rendered
 * in their order. Each decides from the report in the record context
 * whether it applies; a plugin switched off adds nothing.
 */
export function PluginReportActions() {
  const plugins = useContext(EnabledPluginsContext);
  const actions = plugins.flatMap((plugin) => (plugin.reportActions ?? []).map((Action, i) => ({ key: `${plugin.name}-${String(i)}`, Action })));
  if (actions.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {actions.map(({ key, Action }) => (
        <Action key={key} />
      ))}
    </Suspense>
  );
}
