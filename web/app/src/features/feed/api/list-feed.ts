import { useInfiniteQuery } from '@tanstack/react-query'

import { feedKeys, type FeedAlgorithm, type FeedPage } from '@/features/posts'
import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { cursorPagesOptions } from '@/lib/cursor-pages'

/**
 * The feed reads 20 posts a page: a phone draws its first screen from a few,
 * and the next page comes as the member scrolls down.
 */
export const FEED_PAGE_SIZE = 20

/** GET /api/v1/feed?algorithm=…&cursor=…&limit=20. */
export async function listFeed(client: ApiClient, algorithm: FeedAlgorithm, cursor?: string): Promise<FeedPage> {
  return unwrap(
    'GET /api/v1/feed',
    await client.GET('/api/v1/feed', {
      params: { query: { algorithm, limit: FEED_PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
    }),
  )
}

export function feedQueryOptions(client: ApiClient, algorithm: FeedAlgorithm) {
  return cursorPagesOptions(feedKeys.list(algorithm), (cursor) => listFeed(client, algorithm, cursor))
}

export function useFeed(algorithm: FeedAlgorithm) {
  const client = useApiClient()
  return useInfiniteQuery(feedQueryOptions(client, algorithm))
}
