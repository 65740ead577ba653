import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { otherProfile, testUser } from '@/testing/fixtures'
import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp, renderWithProviders } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'

import type { Notification } from '../types'

import { NotificationsScreen } from './notifications-screen'

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

const sender = { id: otherProfile.id, display_name: 'Bia Lima', handle: 'bia', avatar_url: null, avatar_variants: [] }

function makeNotification(id: string, changes: Partial<Notification> = {}): Notification {
  return {
    id,
    recipient_id: testUser.id,
    sender_id: sender.id,
    type: 'like',
    notice: null,
    body: null,
    title: 'Bia Lima curtiu seu post',
    message: 'Meu primeiro post',
    post_id: '0192f000-0000-7000-8000-0000000000a1',
    is_read: false,
    created_at: minutesAgo(5),
    sender,
    ...changes,
  }
}

const like = makeNotification('n-like', { created_at: minutesAgo(5) })
const follow = makeNotification('n-follow', {
  type: 'follow',
  title: 'Bia Lima começou a seguir você',
  message: null,
  post_id: null,
  created_at: minutesAgo(60),
})
const comment = makeNotification('n-comment', {
  type: 'comment',
  title: 'Bia Lima comentou no seu post',
  message: 'Que lindo!',
  is_read: true,
  created_at: minutesAgo(60 * 24 * 2),
})
const mention = makeNotification('n-mention', {
  type: 'mention',
  title: 'Bia Lima mencionou você',
  is_read: true,
  created_at: minutesAgo(60 * 24 * 3),
})

function makeNotice(id: string, notice: NonNullable<Notification['notice']>, message: string | null): Notification {
  return makeNotification(id, {
    type: 'system',
    notice,
    sender: null,
    sender_id: null,
    post_id: null,
    title: 'Título do servidor',
    body: 'Texto do servidor',
    message,
  })
}

const longExcerpt = `${'a'.repeat(100)}...`
const exportReady = makeNotice('n-export', 'export_ready', null)
const reportResolved = makeNotice('n-report', 'report_resolved', null)
const postRemoved = makeNotice('n-removed', 'post_removed', longExcerpt)
const newSignIn = makeNotice('n-sign-in', 'new_sign_in', 'Firefox no Linux')

const route = (request: Request) => `${request.method} ${new URL(request.url).pathname}`

interface Server {
  list?: () => Response | Promise<Response>
  unread?: () => Response | Promise<Response>
  rest?: TestResponder
}

function notificationsServer({ list, unread, rest }: Server): TestResponder {
  return (request) => {
    const r = route(request)
    if (r === 'GET /api/v1/notifications/list' && list) return list()
    if (r === 'GET /api/v1/notifications/unread-count') {
      if (unread) return unread()
      // The server's two answers agree: the count of the list's unread rows.
      if (list) {
        return Promise.resolve(list()).then(async (answer) => {
          const body = (await answer.clone().json()) as { unread_count?: number }
          return json(200, { unread_count: body.unread_count ?? 0 })
        })
      }
    }
    return rest?.(request)
  }
}

const listOf = (items: Notification[]) => () =>
  json(200, { items, unread_count: items.filter((item) => !item.is_read).length })

async function renderNotifications(server: Server, realtime = new FakeRealtime()) {
  const view = renderApp('/notifications', { session: 'signed-in', respond: notificationsServer(server), realtime })
  await screen.findByRole('heading', { level: 1, name: 'Notificações' }, { timeout: 5000 })
  return view
}

const calls = (requests: Request[], r: string) => requests.filter((request) => route(request) === r)

const sideBar = () => screen.getByRole('navigation', { name: 'Menu principal' })
const navLink = () => within(sideBar()).getByRole('link', { name: /^Notificações/ })

describe('NotificationsScreen', () => {
  it("asks to log in when there is no member: 'Please log in to view notifications'", async () => {
    const { requests } = renderWithProviders(<NotificationsScreen />, { session: 'signed-out' })
    expect(await screen.findByText('Please log in to view notifications')).toBeInTheDocument()
    expect(calls(requests, 'GET /api/v1/notifications/list')).toHaveLength(0)
  })

  it('shows placeholders while loading', async () => {
    await renderNotifications({ list: never })
    expect(screen.getByRole('status', { name: 'Carregando notificações' })).toBeInTheDocument()
  })

  it("shows 'No notifications yet' with the hint, and no 'Mark all read'", async () => {
    await renderNotifications({ list: listOf([]) })
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument()
    expect(screen.getByText(/curtir seus posts ou começar a seguir você/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument()
  })

  it('lists newest first with title, excerpt, pt-BR age, type icon and unread styling', async () => {
    await renderNotifications({ list: listOf([mention, comment, follow, like]) })
    const list = await screen.findByRole('list', { name: 'Lista de notificações' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Bia Lima curtiu seu post'),
      expect.stringContaining('Bia Lima começou a seguir você'),
      expect.stringContaining('Bia Lima comentou no seu post'),
      expect.stringContaining('Bia Lima mencionou você'),
    ])
    const [likeRow, followRow, commentRow, mentionRow] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement]
    expect(within(likeRow).getByText('Meu primeiro post')).toBeInTheDocument()
    expect(within(likeRow).getByText('há 5 minutos')).toBeInTheDocument()
    expect(within(likeRow).getByText('B')).toBeInTheDocument()
    expect(within(likeRow).getByTestId('icon-like')).toBeInTheDocument()
    expect(within(followRow).getByTestId('icon-follow')).toBeInTheDocument()
    expect(within(commentRow).getByTestId('icon-comment')).toBeInTheDocument()
    expect(within(commentRow).getByText('Que lindo!')).toBeInTheDocument()
    // Other types get the default icon, named as a plain notification.
    expect(within(mentionRow).getByText(/Notificação/)).toBeInTheDocument()

    expect(likeRow).toHaveAttribute('data-unread', 'true')
    expect(within(likeRow).getByText('Não lida')).toBeInTheDocument()
    expect(followRow).toHaveAttribute('data-unread', 'true')
    expect(commentRow).not.toHaveAttribute('data-unread')
    expect(within(commentRow).queryByText('Não lida')).not.toBeInTheDocument()

    expect(screen.getByText('2 não lidas')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeInTheDocument()
    // The badge and the screen share one count.
    await waitFor(() => {
      expect(within(navLink()).getByText('2')).toBeInTheDocument()
    })
  })

  it("shows the service's notices with their icon, pt-BR texts and where each leads", async () => {
    const { user, router } = await renderNotifications({
      list: listOf([exportReady, reportResolved, postRemoved, newSignIn]),
      rest: (request) => (route(request).endsWith('/read') ? json(200, { unread_count: 3 }) : undefined),
    })
    const list = await screen.findByRole('list', { name: 'Lista de notificações' })
    const [exportRow, reportRow, removedRow, signInRow] = within(list).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    // Named as the service's, each with its own icon and no sender avatar.
    for (const row of [exportRow, reportRow, removedRow, signInRow]) {
      expect(within(row).getByText(/Aviso do social/)).toBeInTheDocument()
    }
    expect(within(exportRow).getByTestId('icon-notice-export_ready')).toBeInTheDocument()
    expect(within(removedRow).getByTestId('icon-notice-post_removed')).toBeInTheDocument()

    // The archive opens where it is downloaded; the sign-in the sessions.
    const exportLink = within(exportRow).getByRole('link', { name: /Seu arquivo de dados está pronto/ })
    expect(exportLink).toHaveAttribute('href', '/settings#seus-dados')
    expect(within(exportRow).getByText(/na seção “Seus dados”/)).toBeInTheDocument()
    const signInLink = within(signInRow).getByRole('link', { name: /Novo acesso à sua conta/ })
    expect(signInLink).toHaveAttribute('href', '/settings#sessoes')
    expect(
      within(signInRow).getByText('Entrada em Firefox no Linux. Se não foi você, troque sua senha e encerre as outras sessões.'),
    ).toBeInTheDocument()

    // A report acted on names nothing more; a removed post shows its excerpt
    // and leads nowhere (it is gone): opening it only marks it read.
    expect(within(reportRow).getByText(/A moderação tomou medidas/)).toBeInTheDocument()
    expect(within(reportRow).queryByRole('link')).not.toBeInTheDocument()
    const removed = within(removedRow).getByRole('button', { name: /A moderação removeu um post seu/ })
    expect(removed).toHaveAccessibleName(expect.stringMatching(new RegExp(`Texto do post removido:\\s*${longExcerpt.replace(/\./g, '\\.')}`)))
    expect(within(removedRow).queryByText('Título do servidor')).not.toBeInTheDocument()
    await user.click(removed)
    expect(router.state.location.pathname).toBe('/notifications')

    await user.click(signInLink)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/settings')
    }, { timeout: 5000 })
    expect(router.state.location.hash).toBe('#sessoes')
  })

  it("falls back to the server's texts for a notice the app does not know", async () => {
    const unknown = makeNotice('n-unknown', 'export_ready', null)
    await renderNotifications({ list: listOf([{ ...unknown, notice: 'coupon' as 'export_ready' }]) })
    expect(await screen.findByText('Título do servidor')).toBeInTheDocument()
    expect(screen.getByText('Texto do servidor')).toBeInTheDocument()
    expect(screen.getByTestId('icon-notice-coupon')).toBeInTheDocument()
  })

  it('opening a post notification marks it read once and goes to /post/{post_id}', async () => {
    const { user, requests, router } = await renderNotifications({
      list: listOf([like, follow]),
      rest: (request) =>
        route(request) === 'POST /api/v1/notifications/n-like/read' ? json(200, { unread_count: 1 }) : undefined,
    })
    await user.click(await screen.findByRole('link', { name: /curtiu seu post/ }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/post/${like.post_id ?? ''}`)
    }, { timeout: 5000 })
    await waitFor(() => {
      expect(calls(requests, 'POST /api/v1/notifications/n-like/read')).toHaveLength(1)
    })
    expect(requests.filter((r) => r.method === 'POST' && r.url.includes('/notifications/'))).toHaveLength(1)
    await waitFor(() => {
      expect(within(navLink()).getByText('1')).toBeInTheDocument()
    })
  })

  it("opening a follow goes to the sender's profile; a read one sends no call", async () => {
    const readFollow = { ...follow, is_read: true }
    const { user, requests, router } = await renderNotifications({ list: listOf([readFollow]) })
    await user.click(await screen.findByRole('link', { name: /começou a seguir você/ }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile/bia')
    }, { timeout: 5000 })
    expect(requests.filter((r) => r.method === 'POST' && r.url.includes('/notifications/'))).toHaveLength(0)
  })

  it("'Mark all read' clears every unread row, the badge and itself", async () => {
    const { user, requests } = await renderNotifications({
      list: listOf([like, follow, comment]),
      rest: (request) =>
        route(request) === 'POST /api/v1/notifications/read-all' ? json(200, { unread_count: 0 }) : undefined,
    })
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }))
    const list = screen.getByRole('list', { name: 'Lista de notificações' })
    await waitFor(() => {
      expect(within(list).queryByText('Não lida')).not.toBeInTheDocument()
    })
    expect(calls(requests, 'POST /api/v1/notifications/read-all')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument()
    expect(screen.queryByText(/não lidas?$/)).not.toBeInTheDocument()
    expect(within(navLink()).queryByText(/\d/)).not.toBeInTheDocument()
  })

  it('reads the list again on notification.created and shows the new one on top', async () => {
    const realtime = new FakeRealtime()
    const fresh = makeNotification('n-new', { title: 'Bia Lima comentou: oi', type: 'comment', created_at: minutesAgo(0) })
    let items = [follow]
    const { requests } = await renderNotifications({ list: () => listOf(items)() }, realtime)
    await screen.findByText('Bia Lima começou a seguir você')
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain(`user:${testUser.id}:notifications`)
    })
    // Once followed, the list is read again: what arrived before is not lost.
    await waitFor(() => {
      expect(calls(requests, 'GET /api/v1/notifications/list')).toHaveLength(2)
    })

    items = [follow, fresh]
    realtime.emit(`user:${testUser.id}:notifications`, 'notification.created', { id: fresh.id, unread_count: 2 })
    await screen.findByText('Bia Lima comentou: oi')
    expect(calls(requests, 'GET /api/v1/notifications/list')).toHaveLength(3)
    const rows = within(screen.getByRole('list', { name: 'Lista de notificações' })).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Bia Lima comentou: oi')
    await waitFor(() => {
      expect(within(navLink()).getByText('2')).toBeInTheDocument()
    })
  })

  it('only logs a failed fetch or mark-read (no toast)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await renderNotifications({ list: () => problem(500, { detail: 'Falhou' }) })
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument()
    expect(error).toHaveBeenCalledWith('notifications fetch failed', expect.objectContaining({ status: 500 }))
    expect(document.querySelector('[data-sonner-toast]')).toBeNull()
  })

  it('only logs a failed mark-read and still navigates', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, router } = await renderNotifications({
      list: listOf([follow]),
      rest: (request) => (route(request).endsWith('/read') ? problem(500, { detail: 'Falhou' }) : undefined),
    })
    await user.click(await screen.findByRole('link', { name: /começou a seguir você/ }))
    await waitFor(() => {
      expect(error).toHaveBeenCalledWith('notifications mark-read failed', expect.objectContaining({ status: 500 }))
    })
    expect(router.state.location.pathname).toBe('/profile/bia')
    expect(document.querySelector('[data-sonner-toast]')).toBeNull()
  })
})
