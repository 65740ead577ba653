import { unwrapEmpty, type ApiClient } from '@/lib/api'

/**
 * POST /api/v1/auth/sign-out: revokes the session and clears the refresh
 * cookie. A 401 means there was no session to end, which is what signing out
 * wants anyway, so it counts as done (such errors are only ignored).
 */
export async function signOutSession(client: ApiClient): Promise<void> {
  const result = await client.POST('/api/v1/auth/sign-out', { credentials: 'include' })
  if (result.response.status === 401) return
  unwrapEmpty('POST /api/v1/auth/sign-out', result)
}
