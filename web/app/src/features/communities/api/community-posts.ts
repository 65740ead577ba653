import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'

import type { NewPost } from '@/features/feed'
import { ApiError, unwrap, unwrapEmpty, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { communitiesMessages as m } from '../messages'
import type { CommunityPost } from '../types'

import { communityKeys } from './community-keys'

/** A page as cached: the document allows a null list, kept as an empty one. */
interface CommunityPostPage {
  items: CommunityPost[]
  next_cursor?: string
}

type PostsData = InfiniteData<CommunityPostPage, string | undefined>

/** GET /api/v1/communities/{id}/posts?cursor=…, newest first (members and the owner only). */
export function useCommunityPosts(id: string) {
  const client = useApiClient()
  return useInfiniteQuery({
    queryKey: communityKeys.posts(id),
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

/** Changes one cached post of a community. */
export function updateCachedCommunityPost(
  queryClient: QueryClient,
  communityId: string,
  postId: string,
  change: (post: CommunityPost) => CommunityPost,
): void {
  queryClient.setQueryData<PostsData>(communityKeys.posts(communityId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((post) => (post.id === postId ? change(post) : post)),
          })),
        }
      : data,
  )
}

export function removeCachedCommunityPost(queryClient: QueryClient, communityId: string, postId: string): void {
  queryClient.setQueryData<PostsData>(communityKeys.posts(communityId), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((post) => post.id !== postId) })) }
      : data,
  )
}

/**
 * POST /api/v1/communities/{id}/posts (JSON, text) or, with a file,
 * /posts/media (multipart: file, text_content?). The composer's toasts and
 * inline errors are the feed's own.
 */
export function useCreateCommunityPost(communityId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ text, media }: NewPost) => {
      const path = { id: communityId }
      if (media) {
        const data = new FormData()
        data.append('file', media.file, media.file.name)
        if (text.trim() !== '') data.append('text_content', text)
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
      void queryClient.invalidateQueries({ queryKey: communityKeys.posts(communityId) })
    },
  })
}

function applyLike(liked: boolean) {
  return (post: CommunityPost): CommunityPost => ({
    ...post,
    is_liked: liked,
    like_count: Math.max(0, post.like_count + (liked ? 1 : -1)),
  })
}

/** PUT|DELETE …/posts/{postId}/like: optimistic, reverted with 'Não foi possível curtir o post.'. */
export function useToggleCommunityLike(communityId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, wasLiked }: { id: string; wasLiked: boolean }) => {
      const params = { path: { id: communityId, postId: id } }
      const operation = `${wasLiked ? 'DELETE' : 'PUT'} /api/v1/communities/${communityId}/posts/${id}/like`
      return unwrap(
        operation,
        wasLiked
          ? await client.DELETE('/api/v1/communities/{id}/posts/{postId}/like', { params })
          : await client.PUT('/api/v1/communities/{id}/posts/{postId}/like', { params }),
      )
    },
    onMutate: ({ id, wasLiked }) => {
      updateCachedCommunityPost(queryClient, communityId, id, applyLike(!wasLiked))
    },
    onError: (_error, { id, wasLiked }) => {
      updateCachedCommunityPost(queryClient, communityId, id, applyLike(wasLiked))
      toast.error(m.errorTitle, { description: m.likeFailed })
    },
    onSuccess: (state, { id }) => {
      updateCachedCommunityPost(queryClient, communityId, id, (post) => ({ ...post, ...state }))
    },
  })
}

/** The spec's texts for a refused delete (§8 'Community posts'). */
function deleteFailureOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.status === 401) return m.deleteSignedOut
  if (error.status === 403) return m.deleteForbidden
  if (error.status === 404) return m.postNotFound
  return undefined
}

/** DELETE …/posts/{postId} (author or owner): gone at once, back on failure. */
export function useDeleteCommunityPost(communityId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (postId: string) => {
      unwrapEmpty(
        `DELETE /api/v1/communities/${communityId}/posts/${postId}`,
        await client.DELETE('/api/v1/communities/{id}/posts/{postId}', {
          params: { path: { id: communityId, postId } },
        }),
      )
    },
    onMutate: async (postId) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.posts(communityId) })
      const snapshot = queryClient.getQueryData<PostsData>(communityKeys.posts(communityId))
      removeCachedCommunityPost(queryClient, communityId, postId)
      return { snapshot }
    },
    onError: (error, _postId, context) => {
      if (context?.snapshot) queryClient.setQueryData(communityKeys.posts(communityId), context.snapshot)
      const description = deleteFailureOf(error)
      toast.error(m.postDeleteFailed, description ? { description } : undefined)
    },
    onSuccess: () => {
      toast.success(m.postDeleted, { description: m.postDeletedDescription })
    },
  })
}
