import { describe, expect, it } from 'vitest'

import { pluginRegistry } from '@/features/plugins/registry'

import { bottomBarEntriesFor, sideBarEntriesFor, topBarEntriesFor } from './nav-entries'

const withoutRooms = pluginRegistry.filter((plugin) => plugin.name !== 'rooms')

describe('navigation built from the plugin registry', () => {
  it("tags each plugin's entries with its name, in registry order", () => {
    const tagged = sideBarEntriesFor(pluginRegistry).filter((entry) => entry.plugin)
    expect(tagged.map((entry) => [entry.plugin, entry.to])).toEqual([
      ['stories', '/stories'],
      ['rooms', '/listening-rooms'],
      ['communities', '/communities'],
      ['messages', '/messages'],
    ])
  })

  it('has no side bar entry for a plugin left out of the registry', () => {
    expect(sideBarEntriesFor(withoutRooms).map((entry) => entry.label)).toEqual([
      'Início',
      'Explorar',
      'Criar',
      'Stories',
      'Comunidades',
      'Mensagens',
      'Notificações',
      'Perfil',
      'Configurações',
    ])
  })

  it('has no bottom bar entry for a plugin left out of the registry', () => {
    expect(bottomBarEntriesFor(withoutRooms).map((entry) => entry.label)).toEqual([
      'Início',
      'Buscar',
      'Stories',
      'Comunidades',
      'Criar',
      'Perfil',
    ])
  })

  it('keeps only the core entries with an empty registry', () => {
    expect(sideBarEntriesFor([]).every((entry) => entry.plugin === undefined)).toBe(true)
    expect(bottomBarEntriesFor([]).map((entry) => entry.label)).toEqual(['Início', 'Buscar', 'Criar', 'Perfil'])
  })

  it('puts every side bar screen in one of the phone bars: the bottom bar, or else the header', () => {
    for (const registry of [pluginRegistry, withoutRooms, []]) {
      const onPhone = [...bottomBarEntriesFor(registry), ...topBarEntriesFor(registry)].map((entry) => entry.to)
      for (const entry of sideBarEntriesFor(registry)) expect(onPhone).toContain(entry.to)
    }
    expect(topBarEntriesFor(pluginRegistry).map((entry) => entry.label)).toEqual(['Mensagens', 'Notificações', 'Configurações'])
  })
})
