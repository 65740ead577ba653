import { runInNewContext } from 'node:vm'

import { describe, expect, it, vi } from 'vitest'

import workerSource from '../../../sw/sw.js?raw'

const ORIGIN = 'https://social.example.com'

type Listener = (event: unknown) => void

/** Runs the real service worker file in a fake worker scope and answers its listeners and spies. */
function loadWorker(
  tabs: { url: string; focus: () => Promise<unknown>; navigate: (url: string) => Promise<unknown> }[] = [],
  navigator: Record<string, unknown> = {},
) {
  const listeners: Record<string, Listener> = {}
  const showNotification = vi.fn(() => Promise.resolve())
  const openWindow = vi.fn(() => Promise.resolve(null))
  const scope = {
    __WB_MANIFEST: [],
    location: new URL(ORIGIN + '/sw.js'),
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = listener
    },
    registration: { showNotification },
    clients: { matchAll: vi.fn(() => Promise.resolve(tabs)), openWindow, claim: vi.fn() },
    skipWaiting: vi.fn(),
    navigator,
  }
  runInNewContext(workerSource, { self: scope, caches: {}, URL, JSON })
  return { listeners, showNotification, openWindow }
}

/** Dispatches an extendable event and waits for what it asked to wait for. */
async function dispatch(listener: Listener | undefined, event: Record<string, unknown>) {
  if (!listener) throw new Error('the worker listens for no such event')
  let pending: Promise<unknown> = Promise.resolve()
  listener({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) })
  await pending
}

describe('the service worker’s push', () => {
  it('shows the server’s pt-BR notification, grouped by its topic', async () => {
    const { listeners, showNotification } = loadWorker()
    const payload = {
      id: 'n1',
      type: 'like',
      title: 'Ana curtiu seu post',
      body: '',
      icon: '/media/avatars/ana.webp',
      url: '/post/p1',
      tag: 'like-AbC',
    }
    await dispatch(listeners.push, { data: { json: () => payload } })
    expect(showNotification).toHaveBeenCalledWith('Ana curtiu seu post', {
      body: '',
      icon: '/media/avatars/ana.webp',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      tag: 'like-AbC',
      renotify: true,
      data: { url: '/post/p1', id: 'n1', type: 'like' },
    })
  })

  it('shows a plain notification for a payload that is not ours, and never opens another site', async () => {
    const { listeners, showNotification } = loadWorker()
    await dispatch(listeners.push, { data: { json: () => ({ title: 42, url: 'https://evil.example/' }) } })
    await dispatch(listeners.push, { data: { json: () => JSON.parse('not json') as unknown } })
    await dispatch(listeners.push, { data: null })
    expect(showNotification).toHaveBeenCalledTimes(3)
    for (const [title, options] of showNotification.mock.calls as unknown as [string, { data: { url: string }; tag?: string }][]) {
      expect(title).toBe('Nova notificação')
      expect(options.data.url).toBe('/notifications')
      expect(options.tag).toBeUndefined()
    }
  })

  it('a click focuses an open tab and takes it to the screen', async () => {
    const navigate = vi.fn(() => Promise.resolve(null))
    const tab = { url: ORIGIN + '/feed', focus: vi.fn(() => Promise.resolve(null)), navigate }
    const { listeners, openWindow } = loadWorker([{ url: 'https://other.example/', focus: vi.fn(), navigate: vi.fn() }, tab])
    const close = vi.fn()
    await dispatch(listeners.notificationclick, { notification: { close, data: { url: '/messages/c1' } } })
    expect(close).toHaveBeenCalled()
    expect(tab.focus).toHaveBeenCalled()
    expect(navigate).toHaveBeenCalledWith(ORIGIN + '/messages/c1')
    expect(openWindow).not.toHaveBeenCalled()
  })

  it('a click opens a window when no tab is open', async () => {
    const { listeners, openWindow } = loadWorker([])
    await dispatch(listeners.notificationclick, { notification: { close: vi.fn(), data: { url: '//evil.example/x' } } })
    expect(openWindow).toHaveBeenCalledWith(ORIGIN + '/notifications')
  })

  it('marks the app icon’s badge where the system has one', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve())
    const { listeners, showNotification } = loadWorker([], { setAppBadge })
    await dispatch(listeners.push, { data: { json: () => ({ title: 'Bia começou a seguir você', url: '/profile/bia' }) } })
    expect(setAppBadge).toHaveBeenCalledWith()
    expect(showNotification).toHaveBeenCalledTimes(1)
  })

  it('shows the notification when badging is missing or refused', async () => {
    const refused = loadWorker([], { setAppBadge: vi.fn(() => Promise.reject(new Error('denied'))) })
    await dispatch(refused.listeners.push, { data: null })
    expect(refused.showNotification).toHaveBeenCalledTimes(1)
    const missing = loadWorker([], {})
    await dispatch(missing.listeners.push, { data: null })
    expect(missing.showNotification).toHaveBeenCalledTimes(1)
  })

  it('a click still takes the tab to the screen when the browser refuses the focus', async () => {
    const navigate = vi.fn(() => Promise.resolve(null))
    const tab = { url: ORIGIN + '/', focus: vi.fn(() => Promise.reject(new Error('InvalidAccessError'))), navigate }
    const { listeners, openWindow } = loadWorker([tab])
    await dispatch(listeners.notificationclick, { notification: { close: vi.fn(), data: { url: '/post/p9' } } })
    expect(navigate).toHaveBeenCalledWith(ORIGIN + '/post/p9')
    expect(openWindow).not.toHaveBeenCalled()
  })
})
