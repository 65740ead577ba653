// The registry (`./registry`) is a separate entry point: it imports every
// plugin's descriptor, and the descriptors import this index for their types.
export { getMeta, metaQueryKey, useMeta, type Meta } from './api/get-meta'
export { useDisabledPlugins, usePluginEnabled } from './hooks/use-disabled-plugins'
export type {
  PluginDescriptor,
  PluginName,
  PluginNavBadge,
  PluginNavEntry,
  PluginRoute,
  PluginSearchKind,
  PluginSettingsRows,
  ProfileActionProps,
  SettingsSectionName,
} from './types'
export { PluginGate } from './components/plugin-gate'
