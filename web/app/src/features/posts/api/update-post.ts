import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { ApiError, unwrap, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { postsMessages as m } from '../messages'

import { updateCachedPost } from './feed-cache'
import { translationKeys } from './translate-post'

/**
 * PATCH /api/v1/posts/{id} {text_content, image_alt?}: the author edits the
 * text (an update changes only text_content, and only the author may make
 * it) and, on an image post, the image's description; every cached
 * copy takes the server's answer.
 */
export function useUpdatePost() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, text, imageAlt }: { id: string; text: string; imageAlt?: string }) =>
      unwrap(
        `PATCH /api/v1/posts/${id}`,
        await client.PATCH('/api/v1/posts/{id}', {
          params: { path: { id } },
          body: imageAlt === undefined ? { text_content: text } : { text_content: text, image_alt: imageAlt },
        }),
      ),
    onSuccess: (post) => {
      updateCachedPost(queryClient, post.id, (cached) => ({ ...cached, ...post }))
      // A translation of the old text must not come back.
      queryClient.removeQueries({ queryKey: translationKeys.postAll(post.id) })
      toast.success(m.updated, { description: m.updatedDescription })
    },
    onError: (error) => {
      const problem = error instanceof ApiError ? error.problem : undefined
      toast.error(m.errorTitle, { description: problem?.detail ?? m.updateFailed })
    },
  })
}
