import type { ReadOnlyField } from '../read-only-resource';
import type { PluginInfo } from './types';

/** What the console shows of a plugin, in its list and on its page alike. */
export const pluginFields: readonly ReadOnlyField<PluginInfo>[] = [
  { source: 'id' },
  { source: 'enabled', kind: 'boolean' },
  { source: 'routes', kind: 'number' },
  { source: 'workers', kind: 'number' },
  { source: 'periodic_jobs', kind: 'number' },
  { source: 'migrations', kind: 'number' },
  { source: 'topics', kind: 'number' },
];
