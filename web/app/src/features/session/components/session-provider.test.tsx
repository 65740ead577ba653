import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StrictMode, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { startEarly } from '@/early-start/start'
import { ApiClientProvider, createApiClient, useApiClient } from '@/lib/api'
import { AppQueryClient } from '@/lib/react-query'
import { testSessionBody } from '@/testing/fixtures'

import { forgetSessionHint, sessionHintCookie, startSessionRestore } from '../early-restore'
import { useSession } from '../hooks/use-session'

import { SessionProvider } from './session-provider'

interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

/** Answers one request; `seen` lists the requests so far, this one included. */
type Handler = (request: Seen, seen: Seen[]) => Answer

interface Seen {
  method: IncomingMessage['method']
  url: IncomingMessage['url']
  authorization: string | undefined
}

let server: Server | undefined

/** A real HTTP server on loopback, so the real fetch and client are exercised. */
async function startServer(handler: Handler | Answer) {
  const seen: Seen[] = []
  server = createServer((req, res) => {
    const request = { method: req.method, url: req.url, authorization: req.headers.authorization }
    seen.push(request)
    const answer = typeof handler === 'function' ? handler(request, seen) : handler
    if (answer.body === undefined) {
      res.writeHead(answer.status, answer.headers)
      res.end()
      return
    }
    res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
    res.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => {
    server?.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return { baseUrl: `http://127.0.0.1:${String(port)}/`, seen }
}

async function stopServer() {
  await new Promise<void>((resolve) => {
    if (!server) resolve()
    else
      server.close(() => {
        resolve()
      })
  })
  server = undefined
}

afterEach(async () => {
  vi.useRealTimers()
  await stopServer()
})

/** A session body whose token expires `seconds` from the (possibly fake) now. */
function sessionExpiringIn(seconds: number, token: string) {
  return {
    ...testSessionBody,
    access_token: token,
    expires_at: new Date(Date.now() + seconds * 1000).toISOString(),
  }
}

const unauthorized: Answer = {
  status: 401,
  body: { title: 'Unauthorized', status: 401, code: 'session_expired', detail: 'Sua sessão expirou. Entre novamente.' },
}

function Probe() {
  const { status, user, offline, getAccessToken, signOut } = useSession()
  const client = useApiClient()
  const [result, setResult] = useState('')
  const [signOutResult, setSignOutResult] = useState('')
  return (
    <div>
      <dl>
        <dt>status</dt>
        <dd data-testid="status">{status}</dd>
        <dt>user</dt>
        <dd data-testid="user">{user?.handle ?? ''}</dd>
        <dt>offline</dt>
        <dd data-testid="offline">{String(offline)}</dd>
        <dt>token</dt>
        <dd data-testid="token">{getAccessToken() ?? ''}</dd>
        <dt>result</dt>
        <dd data-testid="result">{result}</dd>
        <dt>sign-out</dt>
        <dd data-testid="sign-out">{signOutResult}</dd>
      </dl>
      <button
        type="button"
        onClick={() => {
          void client.GET('/api/v1/profiles/me').then(({ response }) => {
            setResult(String(response.status))
          })
        }}
      >
        load profile
      </button>
      <button
        type="button"
        onClick={() => {
          void Promise.all([
            client.GET('/api/v1/profiles/me'),
            client.GET('/api/v1/profiles/{handle}', { params: { path: { handle: 'bia' } } }),
          ]).then((results) => {
            setResult(results.map(({ response }) => response.status).join(','))
          })
        }}
      >
        load two
      </button>
      <button
        type="button"
        onClick={() => {
          signOut().then(
            () => {
              setSignOutResult('done')
            },
            () => {
              setSignOutResult('failed')
            },
          )
        }}
      >
        sign out
      </button>
    </div>
  )
}

function renderProvider(baseUrl: string, client = createApiClient({ baseUrl })) {
  return render(
    <StrictMode>
      <ApiClientProvider client={client}>
        <QueryClientProvider client={new AppQueryClient()}>
          <SessionProvider>
            <Probe />
          </SessionProvider>
        </QueryClientProvider>
      </ApiClientProvider>
    </StrictMode>,
  )
}

async function expectStatus(status: string) {
  expect(await screen.findByText(status, { selector: '[data-testid="status"]' })).toBeInTheDocument()
}

/** Renders the provider against baseUrl and waits until it is signed in; returns the user to click with. */
async function renderSignedIn(baseUrl: string) {
  const user = userEvent.setup()
  renderProvider(baseUrl)
  await expectStatus('signed-in')
  return user
}

const refreshes = (seen: Seen[]) => seen.filter((request) => request.url === '/api/v1/auth/refresh')

describe('SessionProvider restore on load', () => {
  it('starts loading, then signs in with the user on a 200 refresh', async () => {
    const { baseUrl, seen } = await startServer({ status: 200, body: testSessionBody })
    renderProvider(baseUrl)
    expect(screen.getByTestId('status')).toHaveTextContent('loading')

    await expectStatus('signed-in')
    expect(screen.getByTestId('user')).toHaveTextContent('ana')
    expect(screen.getByTestId('token')).toHaveTextContent(testSessionBody.access_token)
    // Exactly one refresh, even though StrictMode runs effects twice.
    expect(seen).toEqual([{ method: 'POST', url: '/api/v1/auth/refresh', authorization: undefined }])
  })

  it('takes the refresh started before the first render instead of sending a second one', async () => {
    const { baseUrl, seen } = await startServer({ status: 200, body: testSessionBody })
    const client = createApiClient({ baseUrl })
    startSessionRestore(client)
    await vi.waitFor(() => {
      expect(refreshes(seen)).toHaveLength(1)
    })

    renderProvider(baseUrl, client)
    await expectStatus('signed-in')
    expect(screen.getByTestId('token')).toHaveTextContent(testSessionBody.access_token)
    // The refresh cookie rotates on use: a second refresh would end the session.
    expect(refreshes(seen)).toHaveLength(1)
  })

  it("takes the refresh and the feed's first page the page's first script sent, once", async () => {
    const page = { items: [], next_cursor: null }
    const { baseUrl, seen } = await startServer((request) =>
      request.url === '/api/v1/auth/refresh' ? { status: 200, body: testSessionBody } : { status: 200, body: page },
    )
    document.cookie = `${sessionHintCookie}=1; Path=/`
    window.socialEarlyStart = startEarly('/', performance.now(), baseUrl.replace(/\/$/, ''))
    try {
      const client = createApiClient({ baseUrl })
      // As main.tsx does, before the first render.
      startSessionRestore(client)
      renderProvider(baseUrl, client)
      await expectStatus('signed-in')
      expect(screen.getByTestId('token')).toHaveTextContent(testSessionBody.access_token)

      const readFeed = async () =>
        (await client.GET('/api/v1/feed', { params: { query: { algorithm: 'chronological', limit: 20 } } })).data
      expect(await readFeed()).toEqual(page)
      const feedReads = () => seen.filter((request) => request.url?.startsWith('/api/v1/feed'))
      expect(refreshes(seen)).toHaveLength(1)
      expect(feedReads()).toEqual([
        { method: 'GET', url: '/api/v1/feed?algorithm=chronological&limit=20', authorization: `Bearer ${testSessionBody.access_token}` },
      ])
      // Taken once: the next read of the same page asks the server.
      await readFeed()
      expect(feedReads()).toHaveLength(2)
    } finally {
      window.socialEarlyStart = undefined
      forgetSessionHint()
    }
  })

  it('maps a 401 answer to signed-out', async () => {
    const { baseUrl } = await startServer(unauthorized)
    renderProvider(baseUrl)
    await expectStatus('signed-out')
    expect(screen.getByTestId('token')).toBeEmptyDOMElement()
  })

  it('maps a 404 answer to signed-out', async () => {
    const { baseUrl } = await startServer({ status: 404, body: { title: 'Not Found', status: 404 } })
    renderProvider(baseUrl)
    await expectStatus('signed-out')
  })

  const databaseAway: Answer = {
    status: 503,
    body: { title: 'Service Unavailable', status: 503, code: 'database_unavailable' },
    headers: { 'Retry-After': '1' },
  }

  it('waits through a 503 with Retry-After and restores the session once the server is back', async () => {
    const { baseUrl, seen } = await startServer((_, all) =>
      refreshes(all).length < 3 ? databaseAway : { status: 200, body: testSessionBody },
    )
    const started = Date.now()
    renderProvider(baseUrl)
    await expectStatus('signed-in')
    // Two waits of the server's one second, then the third try succeeds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900)
    expect(refreshes(seen)).toHaveLength(3)
    expect(screen.getByTestId('user')).toHaveTextContent('ana')
  })

  it('gives up after four tries of a server that stays unavailable, and opens offline as the last member', async () => {
    const { baseUrl, seen } = await startServer({ ...databaseAway, headers: { 'Retry-After': '0' } })
    renderProvider(baseUrl)
    await expectStatus('signed-in')
    expect(screen.getByTestId('offline')).toHaveTextContent('true')
    expect(refreshes(seen)).toHaveLength(4)
  })

  it('maps a 503 without Retry-After to the offline start at once', async () => {
    const { baseUrl, seen } = await startServer({ status: 503 })
    renderProvider(baseUrl)
    await expectStatus('signed-in')
    expect(screen.getByTestId('offline')).toHaveTextContent('true')
    expect(refreshes(seen)).toHaveLength(1)
  })

  it('opens offline as the last member without a network, with no token', async () => {
    const { baseUrl } = await startServer({ status: 200, body: testSessionBody })
    await stopServer()
    renderProvider(baseUrl)
    await expectStatus('signed-in')
    expect(screen.getByTestId('user')).toHaveTextContent('ana')
    expect(screen.getByTestId('offline')).toHaveTextContent('true')
    expect(screen.getByTestId('token')).toBeEmptyDOMElement()
  })

  it('maps a network failure to signed-out when nobody used the app here', async () => {
    localStorage.clear()
    const { baseUrl } = await startServer({ status: 200, body: testSessionBody })
    await stopServer()
    renderProvider(baseUrl)
    await expectStatus('signed-out')
  })

  it('does not ask for a session on a first visit (no 401 from /auth/refresh)', async () => {
    localStorage.clear()
    const { baseUrl, seen } = await startServer(unauthorized)
    renderProvider(baseUrl)
    await expectStatus('signed-out')
    expect(seen).toEqual([])
  })

  it('once the network is back, the first call trades the cookie for a token, then goes out with it', async () => {
    let up = false
    const { baseUrl, seen } = await startServer((request) => {
      if (!up) return { status: 503 }
      if (request.url === '/api/v1/auth/refresh') return { status: 200, body: testSessionBody }
      return { status: 200, body: {} }
    })
    renderProvider(baseUrl)
    await expectStatus('signed-in')
    expect(screen.getByTestId('offline')).toHaveTextContent('true')
    up = true
    await userEvent.click(screen.getByRole('button', { name: 'load profile' }))
    expect(await screen.findByText('200', { selector: '[data-testid="result"]' })).toBeInTheDocument()
    expect(screen.getByTestId('offline')).toHaveTextContent('false')
    expect(seen.slice(-2)).toEqual([
      { method: 'POST', url: '/api/v1/auth/refresh', authorization: undefined },
      { method: 'GET', url: '/api/v1/profiles/me', authorization: `Bearer ${testSessionBody.access_token}` },
    ])
  })

  it('forgets the last member when the server refuses the cookie', async () => {
    const { baseUrl } = await startServer(unauthorized)
    renderProvider(baseUrl)
    await expectStatus('signed-out')
    expect(localStorage.getItem('social:last-member')).toBeNull()
  })
})

describe('SessionProvider refresh schedule (a tick every 30 s, refresh at 3 ticks or fewer left)', () => {
  /** Only the tick and the clock are fake: the HTTP round trips stay real. */
  function useFakeTick() {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
  }

  async function tick(times = 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000 * times)
    })
  }

  it('refreshes on the first tick with 3 ticks left, not before, and adopts the new token', async () => {
    useFakeTick()
    const { baseUrl, seen } = await startServer((_, all) => {
      // A 15-minute token (30 ticks), then a fresh one on the scheduled refresh.
      const count = refreshes(all).length
      return { status: 200, body: sessionExpiringIn(15 * 60, `token-${String(count)}`) }
    })
    renderProvider(baseUrl)
    await expectStatus('signed-in')
    expect(screen.getByTestId('token')).toHaveTextContent('token-1')

    // After 26 ticks 120 s (4 ticks) remain: nothing yet.
    await tick(26)
    expect(refreshes(seen)).toHaveLength(1)

    // The 27th tick leaves 90 s, 3 ticks: refresh.
    await tick()
    await vi.waitFor(() => {
      expect(screen.getByTestId('token')).toHaveTextContent('token-2')
    })
    expect(refreshes(seen)).toHaveLength(2)
    expect(screen.getByTestId('status')).toHaveTextContent('signed-in')

    // The new token has 30 ticks again: the next tick does not refresh.
    await tick()
    expect(refreshes(seen)).toHaveLength(2)
  })

  it('signs out when the scheduled refresh answers 401', async () => {
    useFakeTick()
    const { baseUrl } = await startServer((_, all) =>
      refreshes(all).length === 1 ? { status: 200, body: sessionExpiringIn(100, 'short') } : unauthorized,
    )
    renderProvider(baseUrl)
    await expectStatus('signed-in')
    // 100 s is 3 ticks: the very first tick refreshes, and is refused.
    await tick()
    await expectStatus('signed-out')
    expect(screen.getByTestId('token')).toBeEmptyDOMElement()
  })

  it('keeps the session when the server cannot be reached, and tries again on the next tick', async () => {
    useFakeTick()
    const { baseUrl, seen } = await startServer((_, all) =>
      refreshes(all).length === 2
        ? { status: 503, body: { title: 'Service Unavailable', status: 503 } }
        : { status: 200, body: sessionExpiringIn(100, `token-${String(refreshes(all).length)}`) },
    )
    renderProvider(baseUrl)
    await expectStatus('signed-in')
    await tick()
    await vi.waitFor(() => {
      expect(refreshes(seen)).toHaveLength(2)
    })
    expect(screen.getByTestId('status')).toHaveTextContent('signed-in')
    expect(screen.getByTestId('token')).toHaveTextContent('token-1')
    await tick()
    await vi.waitFor(() => {
      expect(screen.getByTestId('token')).toHaveTextContent('token-3')
    })
  })
})

describe('SessionProvider and the API client', () => {
  const profile = { status: 200, body: { id: 'p' } }
  /** Each refresh hands out the next token (token-1, token-2, …); the profile answers only token-2. */
  const startRotatingServer = () =>
    startServer((request, all) => {
      if (request.url === '/api/v1/auth/refresh') {
        return { status: 200, body: sessionExpiringIn(900, `token-${String(refreshes(all).length)}`) }
      }
      return request.authorization === 'Bearer token-2' ? profile : unauthorized
    })

  it('sends the token as a Bearer header and retries once after a refresh on 401', async () => {
    const { baseUrl, seen } = await startRotatingServer()
    const user = await renderSignedIn(baseUrl)

    await user.click(screen.getByRole('button', { name: 'load profile' }))
    expect(await screen.findByText('200', { selector: '[data-testid="result"]' })).toBeInTheDocument()
    expect(seen.map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ['POST', '/api/v1/auth/refresh', undefined],
      ['GET', '/api/v1/profiles/me', 'Bearer token-1'],
      ['POST', '/api/v1/auth/refresh', 'Bearer token-1'],
      ['GET', '/api/v1/profiles/me', 'Bearer token-2'],
    ])
    expect(screen.getByTestId('token')).toHaveTextContent('token-2')
  })

  it('shares one refresh between calls that fail together (the refresh token rotates)', async () => {
    const { baseUrl, seen } = await startRotatingServer()
    const user = await renderSignedIn(baseUrl)

    await user.click(screen.getByRole('button', { name: 'load two' }))
    expect(await screen.findByText('200,200', { selector: '[data-testid="result"]' })).toBeInTheDocument()
    expect(refreshes(seen)).toHaveLength(2)
  })

  it('hands back the 401 and signs out when the refresh is refused too', async () => {
    const { baseUrl, seen } = await startServer((request, all) =>
      request.url === '/api/v1/auth/refresh' && refreshes(all).length === 1
        ? { status: 200, body: sessionExpiringIn(900, 'token-1') }
        : unauthorized,
    )
    const user = await renderSignedIn(baseUrl)

    await user.click(screen.getByRole('button', { name: 'load profile' }))
    expect(await screen.findByText('401', { selector: '[data-testid="result"]' })).toBeInTheDocument()
    await expectStatus('signed-out')
    // Asked once, refreshed once, not asked again.
    expect(seen.filter((request) => request.url === '/api/v1/profiles/me')).toHaveLength(1)
  })
})

describe('SessionProvider sign-out', () => {
  function signOutServer(signOut: Answer) {
    return startServer((request) =>
      request.url === '/api/v1/auth/sign-out' ? signOut : { status: 200, body: testSessionBody },
    )
  }

  it('calls POST /auth/sign-out with the token, then forgets the session', async () => {
    const { baseUrl, seen } = await signOutServer({ status: 204 })
    const user = await renderSignedIn(baseUrl)
    await user.click(screen.getByRole('button', { name: 'sign out' }))
    await expectStatus('signed-out')
    expect(screen.getByTestId('sign-out')).toHaveTextContent('done')
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      authorization: `Bearer ${testSessionBody.access_token}`,
    })
  })

  it('ignores a 401 (no session left on the server)', async () => {
    const { baseUrl } = await signOutServer(unauthorized)
    const user = await renderSignedIn(baseUrl)
    await user.click(screen.getByRole('button', { name: 'sign out' }))
    await expectStatus('signed-out')
    expect(screen.getByTestId('sign-out')).toHaveTextContent('done')
  })

  it('rejects and keeps the session when the server fails', async () => {
    const { baseUrl } = await signOutServer({ status: 500, body: { title: 'Internal Server Error', status: 500 } })
    const user = await renderSignedIn(baseUrl)
    await user.click(screen.getByRole('button', { name: 'sign out' }))
    expect(await screen.findByText('failed', { selector: '[data-testid="sign-out"]' })).toBeInTheDocument()
    expect(screen.getByTestId('status')).toHaveTextContent('signed-in')
  })
})
