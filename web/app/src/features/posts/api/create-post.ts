import { useQueryClient } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { MediaKind } from '../media'

import { feedKeys } from './feed-keys'

export type PostVisibility = 'public' | 'friends_only'

export interface NewPost {
  text: string
  /** Defaults to public (the composer has no choice). */
  visibility?: PostVisibility
  /** The picked image or video: the post goes as multipart to /posts/media. */
  media?: { file: File; kind: MediaKind } | null
  /** The image's description (alt text); sent with an image only, when not blank. */
  imageAlt?: string
}

/** Appends the image's description to a media form when there is one to send. */
export function appendImageAlt(data: FormData, kind: MediaKind, imageAlt: string | undefined) {
  if (kind === 'image' && imageAlt && imageAlt.trim() !== '') data.append('image_alt', imageAlt)
}

/**
 * POST /api/v1/posts (JSON, text only) or, with a file, POST
 * /api/v1/posts/media (multipart: file, text_content?, visibility, type, image_alt?).
 */
export async function createPost(client: ApiClient, { text, visibility = 'public', media, imageAlt }: NewPost) {
  if (media) {
    const data = new FormData()
    data.append('file', media.file, media.file.name)
    if (text.trim() !== '') data.append('text_content', text)
    data.append('visibility', visibility)
    data.append('type', media.kind)
    appendImageAlt(data, media.kind, imageAlt)
    // The schema can only type a binary part as a string: the body is built
    // here and handed over whole by the serializer (as the avatar upload does).
    const init = { body: {}, bodySerializer: () => data }
    return unwrap('POST /api/v1/posts/media', await client.POST('/api/v1/posts/media', init))
  }
  return unwrap(
    'POST /api/v1/posts',
    await client.POST('/api/v1/posts', { body: { text_content: text, type: 'text', visibility } }),
  )
}

export function useCreatePost() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (post: NewPost) => createPost(client, post),
    // Not awaited: the post is stored once the server answers, so the
    // composer clears and is free at once; the feed catches up on its own
    // (and keeps retrying if the server is briefly unavailable).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.all })
    },
  })
}
