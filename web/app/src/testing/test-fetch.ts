import { createApiClient, type ApiClient } from '@/lib/api'

import { otherProfile, testProfile, testSessionBody } from './fixtures'

/** How POST /api/v1/auth/refresh answers in a test. */
export type SessionScenario = 'signed-in' | 'signed-out' | 'loading'

/** How GET /api/v1/meta answers in a test. */
export type MetaScenario = { disabled_plugins: string[] } | 'error' | 'loading'

/**
 * A test's own answers, asked first: return a Response (or its promise) to
 * answer, undefined to fall back to the defaults below.
 */
export type TestResponder = (request: Request) => Response | Promise<Response> | undefined

export interface TestServerOptions {
  session?: SessionScenario
  meta?: MetaScenario
  respond?: TestResponder
}

export const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } })

/** A problem+json answer as the server sends it. */
export function problem(
  status: number,
  fields: { code?: string; title?: string; detail?: string; errors?: { location: string; message: string }[] } = {},
  headers: Record<string, string> = {},
) {
  return new Response(JSON.stringify({ status, title: 'Erro', ...fields }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  })
}

/** A pending answer, for loading states. */
export const never = () => new Promise<Response>(() => undefined)

/** Answers requests whose `METHOD /path` (path without /api/v1) matches a key; the rest fall through. */
export function routes(
  table: Record<string, (request: Request, url: URL) => Response | Promise<Response> | undefined>,
  rest?: TestResponder,
): TestResponder {
  return (request) => {
    const url = new URL(request.url)
    const key = `${request.method} ${url.pathname.replace(/^\/api\/v1/, '')}`
    const answer = table[key]?.(request, url)
    return answer ?? rest?.(request)
  }
}

/** The requests sent to one `METHOD /path` (path without /api/v1). */
export function sent(requests: Request[], method: string, path: string): Request[] {
  return requests.filter((r) => r.method === method && new URL(r.url).pathname === `/api/v1${path}`)
}

const profilesByHandle = new Map([
  [testProfile.handle, testProfile],
  [otherProfile.handle, otherProfile],
])

/**
 * An injected fetch that answers the endpoints the shell calls, so tests
 * exercise the real client, query and router code without a network.
 */
export function createTestFetch({
  session = 'signed-in',
  meta = { disabled_plugins: [] },
  respond,
}: TestServerOptions = {}) {
  const requests: Request[] = []
  const fetch = (request: Request): Promise<Response> => {
    requests.push(request)
    const own = respond?.(request)
    if (own) return Promise.resolve(own)
    const { pathname } = new URL(request.url)
    const route = `${request.method} ${pathname}`
    if (route === 'POST /api/v1/auth/refresh') {
      if (session === 'loading') return never()
      if (session === 'signed-out') {
        return Promise.resolve(problem(401, { title: 'Unauthorized', code: 'session_expired' }))
      }
      return Promise.resolve(json(200, testSessionBody))
    }
    if (route === 'POST /api/v1/auth/sign-out') return Promise.resolve(new Response(null, { status: 204 }))
    if (route === 'GET /api/v1/meta') {
      if (meta === 'loading') return never()
      if (meta === 'error') return Promise.resolve(json(500, { title: 'Internal Server Error', status: 500 }))
      return Promise.resolve(
        json(200, { product: 'social', version: 'test', mode: 'development', plugins: [], ...meta }),
      )
    }
    if (route === 'GET /api/v1/profiles/me') return Promise.resolve(json(200, testProfile))
    // The navigation badge asks on every member screen: nothing unread by default.
    if (route === 'GET /api/v1/notifications/unread-count') return Promise.resolve(json(200, { unread_count: 0 }))
    if (route === 'GET /api/v1/messages/unread-count') return Promise.resolve(json(200, { unread_count: 0 }))
    // The settings' weekly e-mail digest: off, as for every member who never chose.
    if (route === 'GET /api/v1/notifications/email-digest') return Promise.resolve(json(200, { enabled: false }))
    // Every profile screen lists its posts: none by default.
    if (/^GET \/api\/v1\/profiles\/[^/]+\/posts$/.test(route)) return Promise.resolve(json(200, { items: [] }))
    const handle = /^GET \/api\/v1\/profiles\/([^/]+)$/.exec(route)?.[1]
    if (handle) {
      const found = profilesByHandle.get(decodeURIComponent(handle))
      return Promise.resolve(
        found
          ? json(200, found)
          : problem(404, { title: 'Not Found', code: 'profile_not_found', detail: 'Profile not found' }),
      )
    }
    return Promise.resolve(problem(404, { title: 'Not Found' }))
  }
  return { fetch, requests }
}

export function createTestApiClient(options: TestServerOptions = {}): { client: ApiClient; requests: Request[] } {
  const { fetch, requests } = createTestFetch(options)
  return { client: createApiClient({ baseUrl: 'http://social.test/', fetch }), requests }
}
