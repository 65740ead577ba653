import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { pluginRegistry } from '@/features/plugins/registry'
import { renderApp } from '@/testing/render-app'

import { buildRoutes } from './routes'

// Every member route, with the heading its screen shows.
const memberRoutes: [path: string, heading: string][] = [
  ['/', 'Últimos posts'],
  ['/search', 'Explorar'],
  ['/create-post', 'Criar post'],
  ['/post/0192f000-0000-7000-8000-0000000000b7', 'Post'],
  ['/stories', 'Stories'],
  ['/listening-rooms', 'Salas de Música'],
  // The test fetch knows no room 42: its page says so.
  ['/listening-room/42', 'Sala não encontrada'],
  ['/communities', 'Comunidades'],
  ['/communities/create', 'Criar Comunidade'],
  // The test fetch knows no community 7: its page says so.
  ['/communities/7', 'Comunidade não encontrada'],
  ['/messages', 'Messages'],
  ['/notifications', 'Notificações'],
  ['/profile', 'Ana Souza'],
  ['/profile/bia', 'Bia Lima'],
  ['/settings', 'Configurações'],
]

describe('route table', () => {
  it.each(memberRoutes)('%s shows its screen to a signed-in member', async (path, heading) => {
    renderApp(path, { session: 'signed-in' })
    // The first screen of the run is imported cold: allow it more than a second.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument()
  })

  it.each(memberRoutes)('%s sends a signed-out visitor to /auth', async (path) => {
    const { router } = renderApp(path, { session: 'signed-out' })
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
  })

  it.each([
    ['/listening-rooms', 'rooms'],
    ['/listening-room/42', 'rooms'],
    ['/communities/7', 'communities'],
    ['/messages', 'messages'],
    ['/stories', 'stories'],
  ])('%s is the 404 page while plugin %s is off', async (path, plugin) => {
    renderApp(path, { session: 'signed-in', meta: { disabled_plugins: [plugin] } })
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument()
  })

  // Each registered plugin's every screen, so a plugin added to the registry is covered too.
  const pluginScreens = pluginRegistry.flatMap((plugin) =>
    plugin.routes.map((route) => [route.path.replace(':roomId', '42').replace(/:\w+/, '7'), plugin.name] as const),
  )

  it.each(pluginScreens)('%s (a registered screen) is the 404 page while plugin %s is off', async (path, plugin) => {
    renderApp(path, { session: 'signed-in', meta: { disabled_plugins: [plugin] } })
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument()
  })

  it("is the 404 page at a plugin's URL when the plugin is not in the registry, even while the server has it on", async () => {
    const routes = buildRoutes(pluginRegistry.filter((plugin) => plugin.name !== 'rooms'))
    renderApp('/listening-rooms', { session: 'signed-in', routes })
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument()
  })

  it('keeps the other plugins when one is left out of the registry', async () => {
    const routes = buildRoutes(pluginRegistry.filter((plugin) => plugin.name !== 'rooms'))
    renderApp('/communities', { session: 'signed-in', routes })
    expect(await screen.findByRole('heading', { level: 1, name: 'Comunidades' })).toBeInTheDocument()
  })

  it('keeps a plugin screen while another plugin is off', async () => {
    renderApp('/communities', { session: 'signed-in', meta: { disabled_plugins: ['rooms'] } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Comunidades' })).toBeInTheDocument()
  })

  it('shows the spinner while the session loads', async () => {
    const { router } = renderApp('/settings', { session: 'loading' })
    // Past the lazy screen's own fallback, the guard keeps the spinner up.
    await waitFor(() => {
      expect(router.state.initialized).toBe(true)
    })
    expect(screen.getByRole('status', { name: 'Carregando...' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Configurações' })).not.toBeInTheDocument()
  })

  it('/auth sends a signed-in member to the feed', async () => {
    const { router } = renderApp('/auth', { session: 'signed-in' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Últimos posts' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('/auth shows the sign-in screen without a session', async () => {
    renderApp('/auth', { session: 'signed-out' })
    expect(await screen.findByRole('tab', { name: 'Entrar', selected: true })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'social' })).toHaveAttribute('href', '/')
  })

  it.each(['signed-out', 'signed-in'] as const)('/auth/reset needs no session (%s)', async (session) => {
    const { router } = renderApp('/auth/reset?token=abc', { session })
    expect(await screen.findByLabelText('Nova senha')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/reset')
  })

  it('an unknown path shows the 404 page without a session', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderApp('/nao/existe', { session: 'signed-out' })
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    // Logged from an effect, which may run after the page is on screen.
    await waitFor(() => {
      expect(error).toHaveBeenCalledWith(expect.stringContaining('404'), '/nao/existe')
    })
  })
})
