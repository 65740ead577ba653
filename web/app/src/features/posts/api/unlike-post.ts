import { unwrap, type ApiClient } from '@/lib/api'

/** DELETE /api/v1/posts/{id}/like: answers the post's like state after the call. */
export async function unlikePost(client: ApiClient, id: string) {
  return unwrap(
    `DELETE /api/v1/posts/${id}/like`,
    await client.DELETE('/api/v1/posts/{id}/like', { params: { path: { id } } }),
  )
}
