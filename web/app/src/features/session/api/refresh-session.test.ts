import { afterEach, describe, expect, it, vi } from 'vitest'

import { testSessionBody } from '@/testing/fixtures'
import { createTestApiClient } from '@/testing/test-fetch'

import { refreshSession } from './refresh-session'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('refreshSession', () => {
  it('maps a 200 to the session, with the user as the SPA keeps it', async () => {
    const { client } = createTestApiClient({ session: 'signed-in' })
    expect(await refreshSession(client)).toEqual({
      kind: 'session',
      session: {
        accessToken: testSessionBody.access_token,
        expiresAt: new Date(testSessionBody.expires_at),
        user: {
          id: testSessionBody.user.id,
          email: 'ana@example.com',
          displayName: 'Ana Souza',
          handle: 'ana',
          avatarUrl: null,
          avatarVariants: [],
          role: 'member',
        },
      },
    })
  })

  it('holds a lock shared by all tabs while it refreshes', async () => {
    const held: string[] = []
    const locks = {
      request: vi.fn(async (name: string, task: () => Promise<unknown>) => {
        held.push(name)
        return task()
      }),
    }
    vi.stubGlobal('navigator', { userAgent: navigator.userAgent, locks })
    const { client, requests } = createTestApiClient({ session: 'signed-out' })
    expect(await refreshSession(client)).toEqual({ kind: 'signed-out' })
    expect(held).toEqual(['social:auth-refresh'])
    expect(requests).toHaveLength(1)
  })
})
