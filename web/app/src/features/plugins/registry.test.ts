import { matchPath } from 'react-router'
import { describe, expect, it } from 'vitest'

import { pluginRegistry } from './registry'

describe('plugin registry', () => {
  it('lists each plugin once', () => {
    const names = pluginRegistry.map((plugin) => plugin.name)
    expect(names).toEqual(['stories', 'rooms', 'communities', 'messages'])
    expect(new Set(names).size).toBe(names.length)
  })

  it.each(pluginRegistry.map((plugin) => [plugin.name, plugin] as const))(
    "%s's navigation entries lead to its own screens",
    (_name, plugin) => {
      const entries = [plugin.nav.sideBar, plugin.nav.bottomBar].filter((entry) => entry !== undefined)
      expect(entries.length).toBeGreaterThan(0)
      for (const entry of entries) {
        expect(plugin.routes.some((route) => matchPath(route.path, entry.to))).toBe(true)
      }
    },
  )

  it('gives no two plugins the same URL', () => {
    const patterns = pluginRegistry.flatMap((plugin) => plugin.routes.map((route) => route.path))
    expect(new Set(patterns).size).toBe(patterns.length)
  })
})
