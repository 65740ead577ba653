import type { InfiniteData, QueryClient } from '@tanstack/react-query'

import type { FeedPage, FeedPost } from '../types'

import { feedKeys, postKeys } from './feed-keys'

type FeedData = InfiniteData<FeedPage, string | undefined>

function mapPages(queryClient: QueryClient, map: (items: FeedPost[]) => FeedPost[]): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedKeys.all }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items ?? []) })) } : data,
  )
}

/** Changes every cached copy of one post (every feed tab and its own page). */
export function updateCachedPost(queryClient: QueryClient, id: string, change: (post: FeedPost) => FeedPost): void {
  mapPages(queryClient, (items) => items.map((post) => (post.id === id ? change(post) : post)))
  queryClient.setQueryData<FeedPost>(postKeys.detail(id), (post) => (post ? change(post) : post))
}

export function removeCachedPost(queryClient: QueryClient, id: string): void {
  mapPages(queryClient, (items) => items.filter((post) => post.id !== id))
}

/** Every cached feed as it is now, to put back with restoreFeeds. */
export function snapshotFeeds(queryClient: QueryClient) {
  return queryClient.getQueriesData<FeedData>({ queryKey: feedKeys.all })
}

export function restoreFeeds(queryClient: QueryClient, snapshot: ReturnType<typeof snapshotFeeds>): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data)
}
