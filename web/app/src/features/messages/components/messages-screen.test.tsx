import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'
import { json, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { conversation, message } from '../testing'

import { MessagesScreen } from './messages-screen'

const route = (request: Request) => `${request.method} ${new URL(request.url).pathname}`

function inboxServer(items: unknown[], rest?: TestResponder): TestResponder {
  return (request) => {
    const url = new URL(request.url)
    if (route(request) === 'GET /api/v1/messages/conversations') {
      const q = url.searchParams.get('q')
      return json(200, { items: q ? [] : items })
    }
    if (route(request) === 'GET /api/v1/messages/settings') return json(200, { only_following: false })
    return rest?.(request)
  }
}

describe('MessagesScreen', () => {
  it('shows the conversation search, the empty state and the button', async () => {
    renderWithProviders(<MessagesScreen />, { session: 'signed-in', respond: inboxServer([]) })
    expect(await screen.findByRole('searchbox', { name: 'Search conversations' })).toBeInTheDocument()
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Find People to Message' })).toHaveAttribute('href', '/search')
  })

  it('asks a visitor without a profile to log in', async () => {
    renderWithProviders(<MessagesScreen />, { session: 'signed-out' })
    expect(await screen.findByText('Please log in to view messages')).toBeInTheDocument()
    expect(screen.queryByText('No conversations yet')).not.toBeInTheDocument()
  })

  it('lists conversations with the last message, its author and the unread count', async () => {
    const items = [
      conversation({ last_message: message(2, 'bia', 'Tudo bem?'), unread_count: 3 }),
      conversation({
        id: 'c2',
        peer: { id: 'u3', handle: 'caio', display_name: 'Caio', avatar_url: null, avatar_variants: [], is_verified: false },
        last_message: { ...message(1, 'ana', 'Até amanhã'), conversation_id: 'c2' },
      }),
    ]
    const { requests, user } = renderWithProviders(<MessagesScreen />, {
      session: 'signed-in',
      respond: inboxServer(items),
    })
    const list = await screen.findByRole('list', { name: 'Conversas' })
    const rows = within(list).getAllByRole('link')
    expect(rows[0]).toHaveAttribute('href', '/messages/0193a000-0000-7000-8000-0000000000c1')
    expect(rows[0]).toHaveTextContent('Bia Lima')
    expect(rows[0]).toHaveTextContent('Tudo bem?')
    expect(rows[0]).toHaveAccessibleName(/3 mensagens não lidas$/)
    expect(rows[1]).toHaveTextContent('Você: Até amanhã')
    expect(rows[1]?.querySelector('[data-slot="count-badge"]')).toBeNull()

    // The search goes to the server.
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zé')
    expect(await screen.findByText('Nenhuma conversa encontrada')).toBeInTheDocument()
    expect(requests.some((r) => new URL(r.url).searchParams.get('q') === 'zé')).toBe(true)
  })

  it('says how long ago today’s last message was sent, and the date of an older one', async () => {
    const minutesAgo = new Date(Date.now() - 5 * 60_000)
    // Never across midnight: then the message would be of another day.
    const today = minutesAgo.toDateString() === new Date().toDateString() ? minutesAgo : new Date()
    const items = [
      conversation({ last_message: { ...message(2, 'bia', 'Tudo bem?'), created_at: today.toISOString() } }),
      conversation({
        id: 'c2',
        peer: { id: 'u3', handle: 'caio', display_name: 'Caio', avatar_url: null, avatar_variants: [], is_verified: false },
        last_message: { ...message(1, 'ana', 'Até amanhã'), conversation_id: 'c2', created_at: '2025-03-04T12:00:00Z' },
      }),
    ]
    renderWithProviders(<MessagesScreen />, { session: 'signed-in', respond: inboxServer(items) })
    const list = await screen.findByRole('list', { name: 'Conversas' })
    const [recent, older] = within(list).getAllByRole('link')
    expect(recent?.querySelector('time')?.textContent).toMatch(/^há /)
    expect(older?.querySelector('time')).toHaveTextContent('04/03/2025')
  })

  it('saves who may message the member', async () => {
    const saved: unknown[] = []
    const { user } = renderWithProviders(<MessagesScreen />, {
      session: 'signed-in',
      respond: inboxServer([], (request) => {
        if (route(request) !== 'PUT /api/v1/messages/settings') return undefined
        return request.json().then((body: unknown) => {
          saved.push(body)
          return json(200, body)
        })
      }),
    })
    const toggle = await screen.findByRole('switch', { name: 'Receber mensagens só de quem eu sigo' })
    await waitFor(() => {
      expect(toggle).toBeEnabled()
    })
    expect(toggle).not.toBeChecked()
    await user.click(toggle)
    await expectToast('Preferência salva', undefined, 'success')
    expect(saved).toEqual([{ only_following: true }])
    expect(toggle).toBeChecked()
  })
})
