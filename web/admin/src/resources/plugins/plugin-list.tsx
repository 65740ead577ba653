import { ReadOnlyList } from '../read-only-resource';
import { pluginFields } from './fields';

export function PluginList() {
  return <ReadOnlyList fields={pluginFields} />;
}
