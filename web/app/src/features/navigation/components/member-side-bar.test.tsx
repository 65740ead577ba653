import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'

import { MemberSideBar } from './member-side-bar'

const user = { name: 'Ana Souza', handle: '@ana' }

function renderSideBar(props: { unreadCount?: number; path?: string } = {}, server = {}) {
  const onSignOut = vi.fn()
  const view = renderWithProviders(
    <MemberSideBar user={user} unreadCount={props.unreadCount ?? 0} onSignOut={onSignOut} />,
    { path: props.path, ...server },
  )
  return { ...view, onSignOut, nav: () => screen.getByRole('navigation', { name: 'Menu principal' }) }
}

describe('MemberSideBar', () => {
  it('lists every entry with its href, then the member and Sair', async () => {
    const { nav, onSignOut, user: actor } = renderSideBar()
    await screen.findByRole('navigation', { name: 'Menu principal' })

    const expected: [string, string][] = [
      ['Início', '/'],
      ['Explorar', '/search'],
      ['Criar', '/create-post'],
      ['Stories', '/stories'],
      ['Salas de Música', '/listening-rooms'],
      ['Comunidades', '/communities'],
      ['Mensagens', '/messages'],
      ['Notificações', '/notifications'],
      ['Perfil', '/profile'],
      ['Configurações', '/settings'],
    ]
    const links = within(nav()).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(expected)

    expect(screen.getByText('Ana Souza')).toBeInTheDocument()
    expect(screen.getByText('@ana')).toBeInTheDocument()
    await actor.click(screen.getByRole('button', { name: 'Sair' }))
    expect(onSignOut).toHaveBeenCalledOnce()
  })

  it('marks the current entry with aria-current="page"', async () => {
    const { nav } = renderSideBar({ path: '/communities' })
    const current = await within(nav()).findByRole('link', { current: 'page' })
    expect(current).toHaveAccessibleName('Comunidades')
    expect(within(nav()).getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current')
  })

  it("shows '99+' on Notificações above 99 unread", async () => {
    const { nav } = renderSideBar({ unreadCount: 100 })
    const link = await within(nav()).findByRole('link', { name: /^Notificações/ })
    expect(within(link).getByText('99+')).toBeInTheDocument()
    expect(link).toHaveAccessibleName(/^Notificações ?100 notificações não lidas$/)
  })

  it('shows the exact count up to 99', async () => {
    const { nav } = renderSideBar({ unreadCount: 99 })
    const link = await within(nav()).findByRole('link', { name: /^Notificações/ })
    expect(within(link).getByText('99')).toBeInTheDocument()
  })

  it('hides the badge at 0', async () => {
    const { nav } = renderSideBar({ unreadCount: 0 })
    const link = await within(nav()).findByRole('link', { name: 'Notificações' })
    expect(link.querySelector('[data-slot="count-badge"]')).toBeNull()
  })

  it('hides the entries of plugins the server reports as disabled', async () => {
    const { nav } = renderSideBar({}, { meta: { disabled_plugins: ['rooms', 'communities', 'messages', 'stories'] } })
    await waitFor(() => {
      expect(within(nav()).queryByRole('link', { name: 'Salas de Música' })).not.toBeInTheDocument()
    })
    expect(within(nav()).queryByRole('link', { name: 'Stories' })).not.toBeInTheDocument()
    expect(within(nav()).queryByRole('link', { name: 'Comunidades' })).not.toBeInTheDocument()
    expect(within(nav()).queryByRole('link', { name: 'Mensagens' })).not.toBeInTheDocument()
    expect(within(nav()).getByRole('link', { name: 'Início' })).toBeInTheDocument()
  })

  it('keeps plugin entries while meta loads', async () => {
    const { nav } = renderSideBar({}, { meta: 'loading' })
    expect(await within(nav()).findByRole('link', { name: 'Salas de Música' })).toBeInTheDocument()
  })

  it('keeps plugin entries when meta fails', async () => {
    const { nav, requests } = renderSideBar({}, { meta: 'error' })
    await waitFor(() => {
      expect(requests.some((request) => request.url.endsWith('/api/v1/meta'))).toBe(true)
    })
    expect(within(nav()).getByRole('link', { name: 'Comunidades' })).toBeInTheDocument()
  })

  it('keeps plugin entries when meta lists no plugins at all', async () => {
    const { nav } = renderSideBar({}, { meta: { disabled_plugins: [] } })
    expect(await within(nav()).findByRole('link', { name: 'Mensagens' })).toBeInTheDocument()
  })
})
