import { afterEach, describe, expect, it } from 'vitest'

import { EARLY_READ_TTL_MS, takeEarlyRead } from '@/lib/early-start'

import { createApiClient } from './client'
import { createEarlyReadsMiddleware } from './early-reads-middleware'

const path = '/api/v1/posts/abc'

/** A client whose network answers 'network', with the early reads middleware after a fixed Bearer token. */
function clientWithToken(token: string) {
  const client = createApiClient({
    baseUrl: 'http://app.test/',
    fetch: () => Promise.resolve(new Response(JSON.stringify({ from: 'network' }), { headers: { 'Content-Type': 'application/json' } })),
  })
  client.use(
    {
      onRequest({ request }) {
        request.headers.set('Authorization', `Bearer ${token}`)
        return request
      },
    },
    createEarlyReadsMiddleware(),
  )
  return client
}

function early(token: string, startedAt = performance.now()) {
  const response = new Response(JSON.stringify({ from: 'early' }), { headers: { 'Content-Type': 'application/json' } })
  window.socialEarlyStart = { reads: new Map([[path, Promise.resolve({ token, response })]]), startedAt }
}

const getPost = (client: ReturnType<typeof createApiClient>) =>
  client.GET('/api/v1/posts/{id}', { params: { path: { id: 'abc' } } }).then(({ data }) => data as unknown)

afterEach(() => {
  window.socialEarlyStart = undefined
})

describe('the early reads middleware', () => {
  it('answers the same GET with the same token from the early read, once', async () => {
    early('tok')
    const client = clientWithToken('tok')
    expect(await getPost(client)).toEqual({ from: 'early' })
    expect(await getPost(client)).toEqual({ from: 'network' })
  })

  it('asks the network when the token differs (another session)', async () => {
    early('other')
    expect(await getPost(clientWithToken('tok'))).toEqual({ from: 'network' })
  })

  it('hands nothing out once the first screen is past', () => {
    early('tok', 0)
    expect(takeEarlyRead(path, EARLY_READ_TTL_MS + 1)).toBeNull()
    // And it is gone, not kept for later.
    expect(window.socialEarlyStart?.reads.size).toBe(0)
  })
})
