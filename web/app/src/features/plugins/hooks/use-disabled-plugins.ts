import { useMeta } from '../api/get-meta'
import type { PluginName } from '../types'

const none: readonly string[] = []

/**
 * The plugins the server says are switched off. While /api/v1/meta loads or
 * when it fails this is empty, so plugin entries never flash away; `plugins`
 * (the enabled list) is deliberately not used, since an empty list would hide
 * everything on a server with no plugins installed yet.
 */
export function useDisabledPlugins(): readonly string[] {
  const { data } = useMeta()
  return data?.disabled_plugins ?? none
}

export function usePluginEnabled(plugin: PluginName): boolean {
  return !useDisabledPlugins().includes(plugin)
}
