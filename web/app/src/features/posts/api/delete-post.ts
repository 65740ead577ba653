import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { ApiError, unwrapEmpty, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { postsMessages as m } from '../messages'

import { removeCachedPost, restoreFeeds, snapshotFeeds } from './feed-cache'

/** DELETE /api/v1/posts/{id}: only the author's own post (the server checks). */
export async function deletePost(client: ApiClient, id: string): Promise<void> {
  unwrapEmpty(`DELETE /api/v1/posts/${id}`, await client.DELETE('/api/v1/posts/{id}', { params: { path: { id } } }))
}

/**
 * Deleting a post: gone from every list at once, back on failure.
 * `deletedDescription` replaces the success toast's description (whose
 * 'Seu post' fits the author only).
 */
export function useDeletePost(deletedDescription?: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deletePost(client, id),
    onMutate: (id) => {
      const snapshot = snapshotFeeds(queryClient)
      removeCachedPost(queryClient, id)
      return { snapshot }
    },
    onError: (error, _id, context) => {
      if (context) restoreFeeds(queryClient, context.snapshot)
      const detail = error instanceof ApiError ? error.problem?.detail : undefined
      toast.error(m.deleteFailedTitle, { description: detail ?? m.deleteFailed })
    },
    onSuccess: () => {
      toast.success(m.deleted, { description: deletedDescription ?? m.deletedDescription })
    },
  })
}
