import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { testSessionBody } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const subscriptionPath = '/api/v1/push/subscription'
// A real P-256 key's shape is not checked here: the browser is a stand-in.
const serverKey = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'
const endpoint = 'https://push.example.net/send/abc'
const alertsOn = { follow: true, like: true, comment: true, mention: true, message: true, moderation: false }

function subscription(alerts = alertsOn) {
  return { id: '0192f000-0000-7000-8000-0000000f0001', endpoint, standard: true, alerts, policy: 'all', server_key: serverKey }
}

/** A browser that can get pushes: a service worker whose push manager subscribes, and a Notification permission. */
function fakePushBrowser(permission: NotificationPermission) {
  const state = { permission }
  const requestPermission = vi.fn(() => {
    state.permission = 'granted'
    return Promise.resolve(state.permission)
  })
  const made = {
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  }
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(null)),
    subscribe: vi.fn(() => Promise.resolve(made)),
  }
  const registration = { pushManager }
  vi.stubGlobal('PushManager', function PushManager() {})
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission
    },
    requestPermission,
  })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  })
  return { requestPermission, pushManager, made }
}

function pushServer(initial: ReturnType<typeof subscription> | null, role: 'member' | 'admin' = 'member') {
  let current = initial
  const respond: TestResponder = (request) => {
    const { pathname } = new URL(request.url)
    if (request.method === 'POST' && pathname === '/api/v1/auth/refresh') {
      return json(200, { ...testSessionBody, user: { ...testSessionBody.user, role } })
    }
    if (pathname === '/api/v1/push/server-key') return json(200, { enabled: true, public_key: serverKey })
    if (pathname === `${subscriptionPath}/test`) return new Response(null, { status: 202 })
    if (pathname !== subscriptionPath) return undefined
    if (request.method === 'GET') {
      return current ? json(200, current) : json(404, { title: 'Not Found', code: 'push_subscription_not_found' })
    }
    if (request.method === 'POST') {
      current = subscription()
      return json(200, current)
    }
    if (request.method === 'DELETE') {
      current = null
      return new Response(null, { status: 204 })
    }
    return undefined
  }
  return respond
}

async function renderSection(respond: TestResponder) {
  const view = renderApp('/settings', { session: 'signed-in', respond })
  const region = await screen.findByRole('region', { name: 'Notificações' }, { timeout: 10_000 })
  return { ...view, region }
}

async function bodiesOf(requests: Request[], method: string, path: string): Promise<unknown[]> {
  const matching = requests.filter((r) => r.method === method && new URL(r.url).pathname === path)
  return Promise.all(matching.map(async (r) => JSON.parse(await r.clone().text()) as unknown))
}

describe('Notificações', { timeout: 15_000 }, () => {
  const originalUserAgent = navigator.userAgent
  afterEach(() => {
    onlineManager.setOnline(true)
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    Reflect.deleteProperty(navigator, 'serviceWorker')
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: originalUserAgent })
  })

  it('says so when the browser cannot get pushes', async () => {
    const { region } = await renderSection(pushServer(null))
    expect(await within(region).findByText(/Este navegador não recebe notificações/)).toBeInTheDocument()
    expect(within(region).queryByRole('switch', { name: 'Notificações neste aparelho' })).not.toBeInTheDocument()
  })

  it('tells an iPhone outside the installed app to add it to the home screen', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1',
    })
    const { region } = await renderSection(pushServer(null))
    expect(await within(region).findByText(/Adicionar à Tela de Início/)).toBeInTheDocument()
  })

  it('explains before the browser asks, then subscribes this device with the server’s key', async () => {
    const browser = fakePushBrowser('default')
    const { user, region, requests } = await renderSection(pushServer(null))
    const main = await within(region).findByRole('switch', { name: 'Notificações neste aparelho' })
    expect(main).not.toBeChecked()
    expect(main).toHaveAccessibleDescription('Desativadas neste aparelho.')

    await user.click(main)
    const dialog = await screen.findByRole('dialog', { name: 'Receber notificações?' })
    expect(within(dialog).getByText(/pode desativar quando quiser em Configurações/)).toBeInTheDocument()
    expect(browser.requestPermission).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Ativar notificações' }))
    await expectToast('Notificações ativadas', undefined, 'success')
    expect(browser.requestPermission).toHaveBeenCalledTimes(1)
    const options = (browser.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit])[0]
    expect(options.userVisibleOnly).toBe(true)
    expect((options.applicationServerKey as Uint8Array).length).toBe(65)
    expect(await bodiesOf(requests, 'POST', subscriptionPath)).toEqual([
      { subscription: browser.made.toJSON() },
    ])
    expect(await within(region).findByRole('switch', { name: 'Notificações neste aparelho' })).toBeChecked()
    for (const name of ['Novos seguidores', 'Curtidas', 'Comentários', 'Menções', 'Mensagens diretas']) {
      expect(within(region).getByRole('switch', { name })).toBeChecked()
    }
    // Reports are for the staff only.
    expect(within(region).queryByRole('switch', { name: 'Moderação' })).not.toBeInTheDocument()
  })

  it('asks nothing when the member says not now', async () => {
    const browser = fakePushBrowser('default')
    const { user, region, requests } = await renderSection(pushServer(null))
    await user.click(await within(region).findByRole('switch', { name: 'Notificações neste aparelho' }))
    const dialog = await screen.findByRole('dialog', { name: 'Receber notificações?' })
    await user.click(within(dialog).getByRole('button', { name: 'Agora não' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(browser.requestPermission).not.toHaveBeenCalled()
    expect(await bodiesOf(requests, 'POST', subscriptionPath)).toEqual([])
    expect(within(region).getByRole('switch', { name: 'Notificações neste aparelho' })).not.toBeChecked()
  })

  it('saves one alert with PUT, sends a test push and turns the device off', async () => {
    fakePushBrowser('granted')
    const { user, region, requests } = await renderSection((request) => {
      const { pathname } = new URL(request.url)
      if (request.method === 'PUT' && pathname === subscriptionPath) {
        return json(200, subscription({ ...alertsOn, like: false }))
      }
      return pushServer(subscription(), 'admin')(request)
    })
    const likes = await within(region).findByRole('switch', { name: 'Curtidas' })
    await user.click(likes)
    await waitFor(() => {
      expect(likes).not.toBeChecked()
    })
    expect(await bodiesOf(requests, 'PUT', subscriptionPath)).toEqual([{ data: { alerts: { like: false } } }])
    // An administrator is told of new reports too.
    expect(within(region).getByRole('switch', { name: 'Moderação' })).toHaveAccessibleDescription(
      'Novas denúncias para a equipe.',
    )

    await user.click(within(region).getByRole('button', { name: 'Enviar notificação de teste' }))
    await expectToast('Notificação de teste enviada', 'Ela deve chegar a este aparelho em alguns segundos.', 'success')
    expect(requests.some((r) => r.method === 'POST' && new URL(r.url).pathname === `${subscriptionPath}/test`)).toBe(true)

    await user.click(within(region).getByRole('switch', { name: 'Notificações neste aparelho' }))
    await expectToast('Notificações desativadas neste aparelho', undefined, 'success')
    expect(requests.some((r) => r.method === 'DELETE' && new URL(r.url).pathname === subscriptionPath)).toBe(true)
    expect(within(region).queryByRole('switch', { name: 'Curtidas' })).not.toBeInTheDocument()
  })

  it('puts a refused alert back and says why', async () => {
    fakePushBrowser('granted')
    const { user, region } = await renderSection((request) => {
      const { pathname } = new URL(request.url)
      if (request.method === 'PUT' && pathname === subscriptionPath) {
        return json(503, { title: 'Service Unavailable', code: 'push_unavailable', detail: 'As notificações estão indisponíveis.' })
      }
      return pushServer(subscription())(request)
    })
    const comments = await within(region).findByRole('switch', { name: 'Comentários' })
    await user.click(comments)
    await expectToast('Não foi possível salvar a mudança.', 'As notificações estão indisponíveis.')
    expect(comments).toBeChecked()
  })

  it('a blocked permission says how to allow it again and keeps the switch off', async () => {
    fakePushBrowser('denied')
    const { region } = await renderSection(pushServer(subscription()))
    const main = await within(region).findByRole('switch', { name: 'Notificações neste aparelho' })
    expect(main).toBeDisabled()
    expect(main).not.toBeChecked()
    expect(within(region).getByText(/toque no cadeado/)).toBeInTheDocument()
  })

  it('a failed read offers to read again', async () => {
    fakePushBrowser('granted')
    const { region } = await renderSection((request) => {
      const { pathname } = new URL(request.url)
      if (request.method === 'GET' && pathname === subscriptionPath) return json(500, { title: 'Internal Server Error' })
      return pushServer(null)(request)
    })
    expect(await within(region).findByText('Não foi possível carregar as notificações deste aparelho.')).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('offline, nothing can be switched and it says why', async () => {
    fakePushBrowser('granted')
    const { region } = await renderSection(pushServer(subscription()))
    const likes = await within(region).findByRole('switch', { name: 'Curtidas' })
    act(() => {
      onlineManager.setOnline(false)
    })
    expect(await within(region).findByText('Sem conexão: as notificações só podem ser mudadas com internet.')).toBeInTheDocument()
    expect(likes).toBeDisabled()
    expect(within(region).getByRole('switch', { name: 'Notificações neste aparelho' })).toBeDisabled()
    expect(within(region).getByRole('button', { name: 'Enviar notificação de teste' })).toBeDisabled()
  })
})
