import { queryOptions, useQuery } from '@tanstack/react-query'

import { postKeys, type FeedPost } from '@/features/posts'
import { ApiError, unwrap, useApiClient, type ApiClient } from '@/lib/api'

/** GET /api/v1/posts/{id}: 404 post_not_found when it does not exist (or is gone). */
export async function getPost(client: ApiClient, id: string): Promise<FeedPost> {
  return unwrap(
    `GET /api/v1/posts/${id}`,
    await client.GET('/api/v1/posts/{id}', { params: { path: { id } } }),
  )
}

export function postQueryOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: () => getPost(client, id),
    // A missing post stays missing: no retry on 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })
}

export function usePost(id: string) {
  const client = useApiClient()
  return useQuery(postQueryOptions(client, id))
}
