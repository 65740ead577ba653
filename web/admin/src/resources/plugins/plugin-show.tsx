import { ReadOnlyShow } from '../read-only-resource';
import { pluginFields } from './fields';
import type { PluginInfo } from './types';

// Read-only: a plugin is switched on or off in the server's configuration, not here.
export function PluginShow() {
  return <ReadOnlyShow<PluginInfo> fields={pluginFields} />;
}
