import type { ReactNode } from 'react'

import { usePluginEnabled } from '../hooks/use-disabled-plugins'
import type { PluginName } from '../types'

interface PluginGateProps {
  plugin: PluginName
  /** What to show when the server has the plugin switched off (the 404 page). */
  fallback: ReactNode
  children: ReactNode
}

/**
 * Shows a plugin's screen only while the server has the plugin on: a plugin
 * switched off in config has no screens, even when its URL is typed in.
 */
export function PluginGate({ plugin, fallback, children }: PluginGateProps) {
  return usePluginEnabled(plugin) ? children : fallback
}
