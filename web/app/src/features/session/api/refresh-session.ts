import type { ApiClient, PendingSessionBody } from '@/lib/api'

import type { ActiveSession } from '../types'

export function toActiveSession(body: PendingSessionBody): ActiveSession {
  return {
    accessToken: body.access_token,
    expiresAt: new Date(body.expires_at),
    user: {
      id: body.user.id,
      email: body.user.email,
      displayName: body.user.display_name ?? null,
      handle: body.user.handle ?? null,
    },
  }
}

/**
 * Trades the HttpOnly refresh cookie for a fresh access token.
 * Resolves to null when there is no usable session: any non-200 answer
 * (401 today, 404 before the accounts issue) or a network failure.
 */
export async function refreshSession(client: ApiClient): Promise<ActiveSession | null> {
  try {
    const { data, response } = await client.POST('/api/v1/auth/refresh', { credentials: 'include' })
    if (response.status !== 200 || !data) return null
    return toActiveSession(data)
  } catch {
    return null
  }
}
