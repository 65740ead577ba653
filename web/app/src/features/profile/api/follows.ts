import { useInfiniteQuery } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { cursorPagesOptions } from '@/lib/cursor-pages'

import type { FollowDirection, FollowPage, FollowState } from '../types'

/** Query keys of the followers and following lists. */
export const followKeys = {
  all: ['follows'] as const,
  profile: (handle: string) => ['follows', handle] as const,
  list: (handle: string, direction: FollowDirection) => ['follows', handle, direction] as const,
}

/** POST /api/v1/profiles/{handle}/follow (idempotent). */
export async function followProfile(client: ApiClient, handle: string): Promise<FollowState> {
  return unwrap(
    `POST /api/v1/profiles/${handle}/follow`,
    await client.POST('/api/v1/profiles/{handle}/follow', { params: { path: { handle } } }),
  )
}

/** DELETE /api/v1/profiles/{handle}/follow (idempotent). */
export async function unfollowProfile(client: ApiClient, handle: string): Promise<FollowState> {
  return unwrap(
    `DELETE /api/v1/profiles/${handle}/follow`,
    await client.DELETE('/api/v1/profiles/{handle}/follow', { params: { path: { handle } } }),
  )
}

/** GET /api/v1/profiles/{handle}/followers or /following?cursor=…: pages of 50, newest follow first. */
export async function listFollows(
  client: ApiClient,
  handle: string,
  direction: FollowDirection,
  cursor?: string,
  signal?: AbortSignal,
): Promise<FollowPage> {
  const init = { params: { path: { handle }, query: cursor ? { cursor } : {} }, signal }
  const result =
    direction === 'followers'
      ? await client.GET('/api/v1/profiles/{handle}/followers', init)
      : await client.GET('/api/v1/profiles/{handle}/following', init)
  return unwrap(`GET /api/v1/profiles/${handle}/${direction}`, result)
}

export function followsQueryOptions(client: ApiClient, handle: string, direction: FollowDirection) {
  // The signal drops a read nobody waits for any more (the dialog closed).
  return cursorPagesOptions(followKeys.list(handle, direction), (cursor, signal) =>
    listFollows(client, handle, direction, cursor, signal),
  )
}

export function useFollows(handle: string, direction: FollowDirection) {
  const client = useApiClient()
  return useInfiniteQuery(followsQueryOptions(client, handle, direction))
}
