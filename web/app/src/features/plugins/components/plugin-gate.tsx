import type { ReactNode } from 'react'

import { useDisabledPlugins } from '../hooks/use-disabled-plugins'

interface PluginGateProps {
  /** The plugin's name, as in its descriptor and on the server. */
  plugin: string
  /** What to show when the server has the plugin switched off (the 404 page). */
  fallback: ReactNode
  children: ReactNode
}

/**
 * Shows a plugin's screen only while the server has the plugin on: a plugin
 * switched off in config has no screens, even when its URL is typed in.
 */
export function PluginGate({ plugin, fallback, children }: PluginGateProps) {
  return useDisabledPlugins().includes(plugin) ? fallback : children
}
