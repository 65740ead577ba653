import createClient, { type Client, type ClientOptions } from 'openapi-fetch'

import type { PendingPaths } from './pending-paths'
import type { paths } from './schema'

/** Every endpoint the SPA may call: the generated ones plus those still pending. */
export type ApiPaths = paths & Omit<PendingPaths, keyof paths>

export type ApiClient = Client<ApiPaths>

/**
 * Builds a typed client. The SPA is served by the API's own origin, so the base
 * is '/'; tests pass an absolute baseUrl and/or their own fetch.
 */
export function createApiClient(options: ClientOptions = {}): ApiClient {
  return createClient<ApiPaths>({ baseUrl: '/', ...options })
}

/** The client the running app uses. */
export const apiClient: ApiClient = createApiClient()
