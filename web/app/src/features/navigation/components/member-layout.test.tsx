import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { SessionContext, type SessionContextValue } from '@/features/session'
import { renderApp } from '@/testing/render-app'
import { json } from '@/testing/test-fetch'

import { MemberLayout } from './member-layout'

describe('MemberLayout sign-out', () => {
  it("signs out from the side bar, toasts 'Logout realizado' and lands on /auth", async () => {
    const { user, router } = renderApp('/settings', { session: 'signed-in' })
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' })
    const sideBar = nav.closest('aside')
    if (!sideBar) throw new Error('side bar not found')
    // The side bar shows the member's name and handle.
    expect(within(sideBar).getByText('Ana Souza')).toBeInTheDocument()
    expect(within(sideBar).getByText('@ana')).toBeInTheDocument()
    await user.click(within(sideBar).getByRole('button', { name: 'Sair' }))

    expect(await screen.findByText('Logout realizado')).toBeInTheDocument()
    expect(screen.getByText('Você foi desconectado com sucesso.')).toBeInTheDocument()
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
  })

  it("toasts 'Erro ao fazer logout.' when signing out fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const failing: SessionContextValue = {
      status: 'signed-in',
      user: { id: 'u1', email: 'ana@example.com', displayName: 'Ana Souza', handle: 'ana', avatarUrl: null },
      offline: false,
      getAccessToken: () => 'token',
      startSession: () => undefined,
      updateUser: () => undefined,
      signOut: () => Promise.reject(new Error('network down')),
      checkSession: () => undefined,
    }
    const { user, router } = renderApp('/', {
      routes: [
        {
          path: '*',
          element: (
            <SessionContext value={failing}>
              <MemberLayout />
            </SessionContext>
          ),
        },
      ],
    })
    const bottom = await screen.findByRole('navigation', { name: 'Menu inferior' })
    await user.click(within(bottom).getByRole('button', { name: 'Sair' }))

    expect(await screen.findByText('Erro ao fazer logout.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})

describe('MemberLayout on a phone', () => {
  it("carries the unread notifications and messages into the header's Notificações and Mensagens", async () => {
    renderApp('/settings', {
      session: 'signed-in',
      respond: (request) => {
        const path = new URL(request.url).pathname
        if (request.method !== 'GET') return undefined
        if (path === '/api/v1/notifications/unread-count') return json(200, { unread_count: 124 })
        if (path === '/api/v1/messages/unread-count') return json(200, { unread_count: 3 })
        return undefined
      },
    })
    const header = await screen.findByRole('navigation', { name: 'Menu superior' }, { timeout: 5000 })
    await waitFor(() => {
      expect(within(header).getByRole('link', { name: /^Notificações/ })).toHaveAccessibleName(/124 notificações não lidas$/)
    })
    await waitFor(() => {
      expect(within(header).getByRole('link', { name: /^Mensagens/ })).toHaveAccessibleName(/3 mensagens não lidas$/)
    })
    expect(within(header).getByRole('link', { name: 'Configurações' })).toHaveAttribute('aria-current', 'page')
  })
})

describe('MemberLayout skip link', () => {
  // WCAG 2.4.1: a keyboard user gets past the navigation in one key.
  it("is the first Tab stop, 'Pular para o conteúdo', and takes focus to the screen's <main>", async () => {
    const { user } = renderApp('/settings', { session: 'signed-in' })
    await screen.findByRole('navigation', { name: 'Menu principal' })
    const main = screen.getByRole('main')
    await user.tab()
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' })
    expect(skip).toHaveFocus()
    expect(skip).toHaveAttribute('href', `#${main.id}`)
    expect(main).toHaveAttribute('tabindex', '-1')
    await user.keyboard('{Enter}')
    expect(main).toHaveFocus()
  })
})
