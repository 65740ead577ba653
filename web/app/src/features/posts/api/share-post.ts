import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

/** POST /api/v1/posts/{id}/share: the server counts the share. */
export async function sharePost(client: ApiClient, id: string) {
  return unwrap(
    `POST /api/v1/posts/${id}/share`,
    await client.POST('/api/v1/posts/{id}/share', { params: { path: { id } } }),
  )
}

export function useSharePost() {
  const client = useApiClient()
  return useMutation({ mutationFn: (id: string) => sharePost(client, id) })
}
