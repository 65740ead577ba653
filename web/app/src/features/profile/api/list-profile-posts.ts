import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query'

import { feedKeys } from '@/features/posts'
import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { cursorPagesOptions } from '@/lib/cursor-pages'

import type { ProfilePostsPage } from '../types'

/** Posts a page of a profile's list asks for. */
export const PROFILE_POSTS_PAGE_SIZE = 20

/**
 * Query keys of a member's posts. They live under the feed's key on purpose:
 * the post card's hooks (like, live counts, post.deleted, delete with its
 * undo) update every cached list under feedKeys.all, and a new post
 * invalidates them, so the profile's copy of a post behaves as the feed's.
 * The pages have the feed's shape (FeedPage), which that sharing needs.
 */
export const profilePostsKeys = {
  all: [...feedKeys.all, 'profile'] as QueryKey,
  list: (handle: string): QueryKey => [...feedKeys.all, 'profile', handle.toLowerCase()],
}

/** GET /api/v1/profiles/{handle}/posts?cursor=…&limit=…: newest first. */
export async function listProfilePosts(
  client: ApiClient,
  handle: string,
  cursor?: string,
  signal?: AbortSignal,
): Promise<ProfilePostsPage> {
  return unwrap(
    `GET /api/v1/profiles/${handle}/posts`,
    await client.GET('/api/v1/profiles/{handle}/posts', {
      params: { path: { handle }, query: { limit: PROFILE_POSTS_PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
      signal,
    }),
  )
}

export function profilePostsQueryOptions(client: ApiClient, handle: string) {
  return cursorPagesOptions(profilePostsKeys.list(handle), (cursor, signal) =>
    listProfilePosts(client, handle, cursor, signal),
  )
}

export function useProfilePosts(handle: string) {
  const client = useApiClient()
  return useInfiniteQuery(profilePostsQueryOptions(client, handle))
}
