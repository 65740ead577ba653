import { createApiClient, type ApiClient } from '@/lib/api'

import { testSessionBody } from './fixtures'

/** How POST /api/v1/auth/refresh answers in a test. */
export type SessionScenario = 'signed-in' | 'signed-out' | 'loading'

/** How GET /api/v1/meta answers in a test. */
export type MetaScenario = { disabled_plugins: string[] } | 'error' | 'loading'

export interface TestServerOptions {
  session?: SessionScenario
  meta?: MetaScenario
}

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } })

const never = () => new Promise<Response>(() => undefined)

/**
 * An injected fetch that answers the few endpoints the shell calls, so tests
 * exercise the real client, query and router code without a network.
 */
export function createTestFetch({ session = 'signed-in', meta = { disabled_plugins: [] } }: TestServerOptions = {}) {
  const requests: Request[] = []
  const fetch = (request: Request): Promise<Response> => {
    requests.push(request)
    const { pathname } = new URL(request.url)
    if (request.method === 'POST' && pathname === '/api/v1/auth/refresh') {
      if (session === 'loading') return never()
      if (session === 'signed-out') {
        return Promise.resolve(
          json(401, { title: 'Unauthorized', status: 401, code: 'unauthenticated' }, 'application/problem+json'),
        )
      }
      return Promise.resolve(json(200, testSessionBody))
    }
    if (request.method === 'GET' && pathname === '/api/v1/meta') {
      if (meta === 'loading') return never()
      if (meta === 'error') return Promise.resolve(json(500, { title: 'Internal Server Error', status: 500 }))
      return Promise.resolve(
        json(200, { product: 'social', version: 'test', mode: 'development', plugins: [], ...meta }),
      )
    }
    return Promise.resolve(json(404, { title: 'Not Found', status: 404 }, 'application/problem+json'))
  }
  return { fetch, requests }
}

export function createTestApiClient(options: TestServerOptions = {}): { client: ApiClient; requests: Request[] } {
  const { fetch, requests } = createTestFetch(options)
  return { client: createApiClient({ baseUrl: 'http://social.test/', fetch }), requests }
}
