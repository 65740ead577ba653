import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'

import { appendImageAlt, feedKeys, type FeedPost, type NewPost } from '@/features/posts'
import { unwrap, useApiClient } from '@/lib/api'
import { cursorPagesOptions } from '@/lib/cursor-pages'
import { useMutation } from '@/lib/use-mutation'

/**
 * A community's posts are posts (the feed's FeedPost) written for the
 * community as their audience: listed by the feed with audience_id, written
 * through /api/v1/posts with audience_id, and liked, edited, commented,
 * shared, translated, reported and deleted through /api/v1/posts/{id} like
 * any other.
 */
interface CommunityPostPage {
  items: FeedPost[]
  next_cursor?: string
}

/** GET /api/v1/feed?audience_id=…&cursor=…, newest first (members and the owner only). */
export function useCommunityPosts(id: string) {
  const client = useApiClient()
  return useInfiniteQuery(
    // Under the feed's keys: the feed's cache updates (likes, edits, deletions) reach it.
    cursorPagesOptions(feedKeys.audience(id), async (cursor): Promise<CommunityPostPage> => {
      const page = unwrap(
        'GET /api/v1/feed',
        await client.GET('/api/v1/feed', {
          params: { query: { audience_id: id, ...(cursor ? { cursor } : {}) } },
        }),
      )
      return { ...page, items: page.items ?? [] }
    }),
  )
}

/**
 * POST /api/v1/posts (JSON, text) or, with a file, /api/v1/posts/media
 * (multipart: file, text_content?, image_alt?), both with the community as
 * audience_id. The composer's toasts and inline errors are the feed's own.
 */
export function useCreateCommunityPost(communityId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ text, media, imageAlt }: NewPost) => {
      if (media) {
        const data = new FormData()
        data.append('file', media.file, media.file.name)
        if (text.trim() !== '') data.append('text_content', text)
        appendImageAlt(data, media.kind, imageAlt)
        data.append('audience_id', communityId)
        // The body is built here and handed over whole by the serializer (as
        // the feed does); visibility stays the default, which an audience
        // turns into its members only.
        return unwrap(
          'POST /api/v1/posts/media',
          await client.POST('/api/v1/posts/media', { body: {}, bodySerializer: () => data }),
        )
      }
      return unwrap(
        'POST /api/v1/posts',
        await client.POST('/api/v1/posts', {
          body: { text_content: text, type: 'text', visibility: 'public', audience_id: communityId },
        }),
      )
    },
    // Not awaited, as in the core composer: the post is stored, so the
    // composer clears at once and the list catches up on its own.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.audience(communityId) })
    },
  })
}
