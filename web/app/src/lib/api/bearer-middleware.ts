import type { Middleware } from 'openapi-fetch'

export interface BearerAuth {
  /** The in-memory access token, or null when signed out. */
  getAccessToken: () => string | null
  /**
   * Called after a 401: trades the refresh cookie for a new access token.
   * Resolves to null when the session is gone (the caller then gets the 401).
   */
  refreshAccessToken: () => Promise<string | null>
  /**
   * Without a token: a token to wait for first (the member was signed in
   * offline and this is the first call since the network came back), or null
   * to send the call without one.
   */
  awaitAccessToken?: () => Promise<string | null> | null
}

/**
 * The auth endpoints answer 401 for their own reasons (wrong password, expired
 * refresh cookie): a retry after a refresh would be wrong there, and a refresh
 * calling itself would loop.
 */
const noRetryPrefix = '/api/v1/auth/'

/**
 * Sends `Authorization: Bearer <token>` on every call made while signed in and,
 * when such a call comes back 401 (the token expired between two refresh
 * ticks), refreshes once and repeats the call with the new token.
 */
export function createBearerMiddleware(auth: BearerAuth): Middleware {
  // The body of a fetched request is consumed, so a copy is kept per call.
  const retries = new Map<string, Request>()
  return {
    async onRequest({ request, schemaPath, id }) {
      let token = auth.getAccessToken()
      if (!token && !schemaPath.startsWith(noRetryPrefix)) token = (await auth.awaitAccessToken?.()) ?? null
      if (!token) return undefined
      request.headers.set('Authorization', `Bearer ${token}`)
      if (!schemaPath.startsWith(noRetryPrefix)) retries.set(id, request.clone())
      return request
    },
    async onResponse({ response, id, options }) {
      const retry = retries.get(id)
      retries.delete(id)
      if (response.status !== 401 || !retry) return undefined
      const token = await auth.refreshAccessToken()
      if (!token) return undefined
      retry.headers.set('Authorization', `Bearer ${token}`)
      return options.fetch(retry)
    },
    onError({ id }) {
      retries.delete(id)
      return undefined
    },
  }
}
