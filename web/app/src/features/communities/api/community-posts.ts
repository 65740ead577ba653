import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'

import { appendImageAlt, feedKeys, type FeedPost, type NewPost } from '@/features/posts'
import { unwrap, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

/**
 * A community's posts are posts (the feed's FeedPost): they are liked,
 * edited, commented, shared, translated, reported and deleted through
 * /api/v1/posts/{id} like any other. Only their list and their creation,
 * which name the community, are the community's own operations.
 */
interface CommunityPostPage {
  items: FeedPost[]
  next_cursor?: string
}

/** GET /api/v1/communities/{id}/posts?cursor=…, newest first (members and the owner only). */
export function useCommunityPosts(id: string) {
  const client = useApiClient()
  return useInfiniteQuery({
    // Under the feed's keys: the feed's cache updates (likes, edits, deletions) reach it.
    queryKey: feedKeys.audience(id),
    queryFn: async ({ pageParam }): Promise<CommunityPostPage> => {
      const page = unwrap(
        `GET /api/v1/communities/${id}/posts`,
        await client.GET('/api/v1/communities/{id}/posts', {
          params: { path: { id }, query: pageParam ? { cursor: pageParam } : {} },
        }),
      )
      return { ...page, items: page.items ?? [] }
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: CommunityPostPage) => last.next_cursor,
  })
}

/**
 * POST /api/v1/communities/{id}/posts (JSON, text) or, with a file,
 * /posts/media (multipart: file, text_content?, image_alt?). The composer's toasts and
 * inline errors are the feed's own.
 */
export function useCreateCommunityPost(communityId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ text, media, imageAlt }: NewPost) => {
      const path = { id: communityId }
      if (media) {
        const data = new FormData()
        data.append('file', media.file, media.file.name)
        if (text.trim() !== '') data.append('text_content', text)
        appendImageAlt(data, media.kind, imageAlt)
        // The body is built here and handed over whole by the serializer (as the feed does).
        return unwrap(
          `POST /api/v1/communities/${communityId}/posts/media`,
          await client.POST('/api/v1/communities/{id}/posts/media', {
            params: { path },
            body: {},
            bodySerializer: () => data,
          }),
        )
      }
      return unwrap(
        `POST /api/v1/communities/${communityId}/posts`,
        await client.POST('/api/v1/communities/{id}/posts', { params: { path }, body: { text_content: text } }),
      )
    },
    // Not awaited, as in the core composer: the post is stored, so the
    // composer clears at once and the list catches up on its own.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.audience(communityId) })
    },
  })
}
