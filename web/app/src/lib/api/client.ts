import createClient, { type Client, type ClientOptions } from 'openapi-fetch'

import type { paths } from './schema'

/**
 * Every endpoint the SPA may call, as generated from ../openapi.json
 * (`npm run api-types`). When a contract runs ahead of the document, type the
 * missing endpoints by hand in openapi-typescript's shape and merge them here
 * (`paths & Omit<PendingPaths, keyof paths>`) until the document has them.
 */
export type ApiPaths = paths

/** The JSON body of one response of the document, e.g. `JsonBody<ApiPaths['/api/v1/stories']['get']['responses'][200]>`. */
export type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never
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
