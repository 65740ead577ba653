import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'

import { MemberBottomBar } from './member-bottom-bar'

describe('MemberBottomBar', () => {
  it('lists Início, Buscar, Stories, Salas, Comunidades, Criar, Perfil and Sair', async () => {
    const onSignOut = vi.fn()
    const { user } = renderWithProviders(<MemberBottomBar onSignOut={onSignOut} />)
    const nav = await screen.findByRole('navigation', { name: 'Menu inferior' })

    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Início', '/'],
      ['Buscar', '/search'],
      ['Stories', '/stories'],
      ['Salas', '/listening-rooms'],
      ['Comunidades', '/communities'],
      ['Criar', '/create-post'],
      ['Perfil', '/profile'],
    ])
    await user.click(within(nav).getByRole('button', { name: 'Sair' }))
    expect(onSignOut).toHaveBeenCalledOnce()
  })

  it('marks the current entry and drops disabled plugins', async () => {
    renderWithProviders(<MemberBottomBar onSignOut={vi.fn()} />, {
      path: '/search',
      meta: { disabled_plugins: ['rooms'] },
    })
    const nav = await screen.findByRole('navigation', { name: 'Menu inferior' })
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveAccessibleName('Buscar')
    await waitFor(() => {
      expect(within(nav).queryByRole('link', { name: 'Salas' })).not.toBeInTheDocument()
    })
    expect(within(nav).getByRole('link', { name: 'Comunidades' })).toBeInTheDocument()
  })
})
