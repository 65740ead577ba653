import { createApiClient, type ApiClient } from '@/lib/api'

/**
 * The path and query of every request `call` makes through the app's client;
 * each is answered 200 with `body`.
 */
export async function requestedPaths(call: (client: ApiClient) => Promise<unknown>, body: unknown): Promise<string[]> {
  const seen: string[] = []
  const client = createApiClient({
    baseUrl: 'http://app.test/',
    fetch: (request: Request) => {
      const url = new URL(request.url)
      seen.push(url.pathname + url.search)
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }))
    },
  })
  await call(client)
  return seen
}
