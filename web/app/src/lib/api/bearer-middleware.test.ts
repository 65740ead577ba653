import { describe, expect, it, vi } from 'vitest'

import { createBearerMiddleware } from './bearer-middleware'
import { createApiClient } from './client'

function setup(token: string | null, refreshed: string | null, answer: (request: Request) => number) {
  const seen: { url: string; authorization: string | null; body: string }[] = []
  const fetch = async (request: Request) => {
    seen.push({
      url: new URL(request.url).pathname,
      authorization: request.headers.get('Authorization'),
      body: await request.text(),
    })
    return new Response(JSON.stringify({ message: 'ok' }), {
      status: answer(request),
      headers: { 'Content-Type': 'application/json' },
    })
  }
  const refreshAccessToken = vi.fn(() => Promise.resolve(refreshed))
  const client = createApiClient({ baseUrl: 'http://social.test/', fetch })
  client.use(createBearerMiddleware({ getAccessToken: () => token, refreshAccessToken }))
  return { client, seen, refreshAccessToken }
}

describe('createBearerMiddleware', () => {
  it('sends no Authorization header while signed out', async () => {
    const { client, seen } = setup(null, null, () => 200)
    await client.GET('/api/v1/meta')
    expect(seen).toEqual([{ url: '/api/v1/meta', authorization: null, body: '' }])
  })

  it('repeats a 401 call once with the refreshed token, body included', async () => {
    const { client, seen, refreshAccessToken } = setup('old', 'new', (request) =>
      request.headers.get('Authorization') === 'Bearer new' ? 200 : 401,
    )
    const { response } = await client.PATCH('/api/v1/profiles/me', { body: { bio: 'Olá' } })
    expect(response.status).toBe(200)
    expect(refreshAccessToken).toHaveBeenCalledOnce()
    expect(seen).toEqual([
      { url: '/api/v1/profiles/me', authorization: 'Bearer old', body: '{"bio":"Olá"}' },
      { url: '/api/v1/profiles/me', authorization: 'Bearer new', body: '{"bio":"Olá"}' },
    ])
  })

  it('repeats only once: a second 401 goes to the caller', async () => {
    const { client, seen } = setup('old', 'new', () => 401)
    const { response } = await client.GET('/api/v1/profiles/me')
    expect(response.status).toBe(401)
    expect(seen).toHaveLength(2)
  })

  it('hands the 401 back when no new token comes', async () => {
    const { client, seen } = setup('old', null, () => 401)
    const { response } = await client.GET('/api/v1/profiles/me')
    expect(response.status).toBe(401)
    expect(seen).toHaveLength(1)
  })

  it('never retries the auth endpoints (a wrong password is not an expired token)', async () => {
    const { client, seen, refreshAccessToken } = setup('old', 'new', () => 401)
    await client.POST('/api/v1/auth/sign-in', { body: { email: 'a@b.co', password: 'x', token_transport: 'cookie' } })
    expect(refreshAccessToken).not.toHaveBeenCalled()
    expect(seen).toHaveLength(1)
  })
})
