import { useMutation, useQueryClient } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'

import { feedKeys } from './feed-keys'

/** POST /api/v1/posts: a public text post (media come with the media issue). */
export async function createPost(client: ApiClient, text: string) {
  return unwrap(
    'POST /api/v1/posts',
    await client.POST('/api/v1/posts', { body: { text_content: text, type: 'text', visibility: 'public' } }),
  )
}

export function useCreatePost() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => createPost(client, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  })
}
