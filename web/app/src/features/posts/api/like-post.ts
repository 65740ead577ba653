import { unwrap, type ApiClient } from '@/lib/api'

/** PUT /api/v1/posts/{id}/like: answers the post's like state after the call. */
export async function likePost(client: ApiClient, id: string) {
  return unwrap(
    `PUT /api/v1/posts/${id}/like`,
    await client.PUT('/api/v1/posts/{id}/like', { params: { path: { id } } }),
  )
}
