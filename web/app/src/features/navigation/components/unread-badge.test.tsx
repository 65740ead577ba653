import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { testUser } from '@/testing/fixtures'
import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp } from '@/testing/render-app'
import { json } from '@/testing/test-fetch'

const topic = `user:${testUser.id}:notifications`

async function renderWithUnread(count: number, realtime = new FakeRealtime()) {
  const view = renderApp('/settings', {
    session: 'signed-in',
    realtime,
    respond: (request) =>
      request.method === 'GET' && new URL(request.url).pathname === '/api/v1/notifications/unread-count'
        ? json(200, { unread_count: count })
        : undefined,
  })
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 })
  return { ...view, link: () => within(nav).getByRole('link', { name: /^Notificações/ }) }
}

describe("the 'Notificações' unread badge", () => {
  it("reads the count once and shows '99+' above 99", async () => {
    const { link, requests } = await renderWithUnread(100)
    await waitFor(() => {
      expect(within(link()).getByText('99+')).toBeInTheDocument()
    })
    expect(link()).toHaveAccessibleName(/100 notificações não lidas$/)
    expect(
      requests.filter((r) => new URL(r.url).pathname === '/api/v1/notifications/unread-count'),
    ).toHaveLength(1)
  })

  it('is hidden at 0', async () => {
    const { link } = await renderWithUnread(0)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(link()).toHaveAccessibleName('Notificações')
    expect(link().querySelector('[data-slot="count-badge"]')).toBeNull()
  })

  it("follows the live events' unread_count", async () => {
    const realtime = new FakeRealtime()
    const { link } = await renderWithUnread(3, realtime)
    await waitFor(() => {
      expect(within(link()).getByText('3')).toBeInTheDocument()
    })
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain(topic)
    })

    realtime.emit(topic, 'notification.created', { id: 'n1', unread_count: 150 })
    await waitFor(() => {
      expect(within(link()).getByText('99+')).toBeInTheDocument()
    })
    realtime.emit(topic, 'notification.removed', { id: 'n1', unread_count: 7 })
    await waitFor(() => {
      expect(within(link()).getByText('7')).toBeInTheDocument()
    })
    realtime.emit(topic, 'notification.read', { unread_count: 0 })
    await waitFor(() => {
      expect(link().querySelector('[data-slot="count-badge"]')).toBeNull()
    })
  })
})
