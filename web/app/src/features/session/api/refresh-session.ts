import { retryAfterOf, type ApiClient } from '@/lib/api'

import type { ActiveSession, SessionBody } from '../types'

export function toActiveSession(body: SessionBody): ActiveSession {
  return {
    accessToken: body.access_token,
    expiresAt: new Date(body.expires_at),
    user: {
      id: body.user.id,
      email: body.user.email,
      displayName: body.user.display_name,
      handle: body.user.handle,
      avatarUrl: body.user.avatar_url,
      avatarVariants: (body.user.avatar_variants ?? []).map((v) => ({ url: v.url, width: v.width })),
      role: body.user.role,
    },
  }
}

/**
 * How a refresh went: a new session; `signed-out` when the server refused the
 * cookie (401 session_expired, or any other 4xx); `failed` when the server
 * could not be asked (network down, 5xx), which says nothing about the session;
 * `retryAfterMs` when the server said it is briefly unavailable (503 while its
 * database is away) and when to ask again.
 */
export type RefreshOutcome =
  | { kind: 'session'; session: ActiveSession }
  | { kind: 'signed-out' }
  | { kind: 'failed'; retryAfterMs?: number }

/** The name of the lock every tab holds while it trades the refresh cookie. */
export const REFRESH_LOCK = 'social:auth-refresh'

/**
 * Runs `task` while holding a lock shared by every tab of the site. The refresh
 * token rotates on use and the server ends the whole session when a rotated
 * one comes back, so two tabs must never send the same cookie at once (two
 * tabs restored together by the browser would otherwise sign each other out).
 * The second tab waits, then sends the cookie the first one received.
 */
async function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return task()
  return await navigator.locks.request(REFRESH_LOCK, task)
}

/** POST /api/v1/auth/refresh: trades the HttpOnly refresh cookie for a fresh access token. */
export function refreshSession(client: ApiClient): Promise<RefreshOutcome> {
  return acrossTabs(() => postRefresh(client))
}

async function postRefresh(client: ApiClient): Promise<RefreshOutcome> {
  try {
    const { data, response } = await client.POST('/api/v1/auth/refresh', { credentials: 'include' })
    return outcomeOf(response, data)
  } catch {
    return { kind: 'failed' }
  }
}

/**
 * The outcome of a refresh the page's first script sent before the app was
 * there (src/early-start.ts): the same answer, read the same way.
 */
export async function earlyRefreshOutcome(sent: Promise<Response>): Promise<RefreshOutcome> {
  try {
    const response = await sent
    const body = response.status === 200 ? ((await response.json()) as SessionBody) : undefined
    return outcomeOf(response, body)
  } catch {
    return { kind: 'failed' }
  }
}

function outcomeOf(response: Response, body: SessionBody | undefined): RefreshOutcome {
  if (response.status === 200 && body) return { kind: 'session', session: toActiveSession(body) }
  if (response.status >= 400 && response.status < 500) return { kind: 'signed-out' }
  return response.status === 503 ? { kind: 'failed', retryAfterMs: retryAfterOf(response) } : { kind: 'failed' }
}
