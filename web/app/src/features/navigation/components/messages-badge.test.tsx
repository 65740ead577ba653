import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { testUser } from '@/testing/fixtures'
import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp } from '@/testing/render-app'
import { json, type MetaScenario } from '@/testing/test-fetch'

const topic = `messages:${testUser.id}`

async function renderWithUnread(count: number, realtime = new FakeRealtime(), meta?: MetaScenario) {
  const view = renderApp('/settings', {
    session: 'signed-in',
    realtime,
    meta,
    respond: (request) =>
      request.method === 'GET' && new URL(request.url).pathname === '/api/v1/messages/unread-count'
        ? json(200, { unread_count: count })
        : undefined,
  })
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 })
  return { ...view, nav, link: () => within(nav).getByRole('link', { name: /^Mensagens/ }) }
}

describe("the 'Mensagens' unread badge", () => {
  it('reads the count and follows the live events of the member’s messages topic', async () => {
    const realtime = new FakeRealtime()
    const { link } = await renderWithUnread(2, realtime)
    await waitFor(
      () => {
        expect(within(link()).getByText('2')).toBeInTheDocument()
      },
      { timeout: 5000 },
    )
    expect(link()).toHaveAccessibleName(/2 mensagens não lidas$/)
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain(topic)
    })
    realtime.emit(topic, 'message.created', {
      conversation_id: 'c1',
      message: { id: 'm1', conversation_id: 'c1', sender_id: 'u2', text: 'Oi', created_at: '2026-11-23T10:00:00Z' },
      conversation_unread: 1,
      unread_count: 120,
    })
    await waitFor(() => {
      expect(within(link()).getByText('99+')).toBeInTheDocument()
    })
    realtime.emit(topic, 'conversation.read', {
      conversation_id: 'c1',
      reader_id: testUser.id,
      last_read_at: '2026-11-23T10:00:00Z',
      last_read_id: 'm1',
      unread_count: 0,
    })
    await waitFor(() => {
      expect(link().querySelector('[data-slot="count-badge"]')).toBeNull()
    })
    expect(link()).toHaveAccessibleName('Mensagens')
  })

  it('is gone with the plugin, and nothing is asked', async () => {
    const { nav, requests } = await renderWithUnread(5, new FakeRealtime(), { disabled_plugins: ['messages'] })
    await waitFor(() => {
      expect(within(nav).queryByRole('link', { name: /^Mensagens/ })).not.toBeInTheDocument()
    })
    expect(requests.some((r) => new URL(r.url).pathname === '/api/v1/messages/unread-count')).toBe(false)
  })
})
