import { pluginRegistry } from '@/features/plugins/registry'

import type { PluginBadgeCounts } from './use-nav-entries'

const badges = pluginRegistry.flatMap((plugin) => (plugin.nav.badge ? [{ name: plugin.name, badge: plugin.nav.badge }] : []))

/**
 * Every registered plugin's navigation counter, by plugin name. It runs each
 * badge's hook whether or not the plugin is on (a badge asks nothing of a
 * plugin the server has off), so the hooks are the same, in the same order,
 * on every render. Called once by the member frame, for both bars.
 */
export function usePluginBadgeCounts(): PluginBadgeCounts {
  const counts = new Map<string, number>()
  for (const { name, badge } of badges) {
    // The list is fixed when the module loads: the calls never change order.
    counts.set(name, badge.useCount())
  }
  return counts
}
