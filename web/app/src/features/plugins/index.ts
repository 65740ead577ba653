export { getMeta, metaQueryKey, useMeta, type Meta } from './api/get-meta'
export { useDisabledPlugins, usePluginEnabled } from './hooks/use-disabled-plugins'
export type { PluginName } from './types'
export { PluginGate } from './components/plugin-gate'
