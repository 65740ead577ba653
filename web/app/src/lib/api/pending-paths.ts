/**
 * Endpoints that CONTRACT.tmp.md promises but ../openapi.json does not document
 * yet, written in openapi-typescript's shape. `ApiPaths` in client.ts adds an
 * entry only while the generated `paths` lacks it, so once the backend
 * documents an endpoint its generated type wins and the entry here can go.
 */

import type { components } from './schema'

type Problem = components['schemas']['Problem']

/** The signed-in user as returned by the auth endpoints. */
export interface PendingSessionUser {
  id: string
  email: string
  /** Expected from the accounts issue on; optional until then. */
  display_name?: string
  /** Expected from the accounts issue on (without the at sign); optional until then. */
  handle?: string
}

export interface PendingSessionBody {
  access_token: string
  /** RFC 3339 */
  expires_at: string
  user: PendingSessionUser
}

export interface PendingPaths {
  '/api/v1/auth/refresh': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never }
    get?: never
    put?: never
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never }
      requestBody?: never
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': PendingSessionBody } }
        401: { headers: Record<string, unknown>; content: { 'application/problem+json': Problem } }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
}
