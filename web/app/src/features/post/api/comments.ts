import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { postKeys } from '@/features/posts'
import { ApiError, unwrap, unwrapEmpty, useApiClient, type ApiClient } from '@/lib/api'
import { cursorPagesOptions } from '@/lib/cursor-pages'
import { offerPush } from '@/lib/push-offer'
import { useMutation } from '@/lib/use-mutation'

import { postMessages as m } from '../messages'

import type { CommentPage } from '../types'

/** A comment has at most 500 characters. */
export const COMMENT_MAX_LENGTH = 500

/** GET /api/v1/posts/{id}/comments?cursor=…: oldest first. */
export async function listComments(client: ApiClient, postId: string, cursor?: string): Promise<CommentPage> {
  return unwrap(
    `GET /api/v1/posts/${postId}/comments`,
    await client.GET('/api/v1/posts/{id}/comments', {
      params: { path: { id: postId }, query: cursor ? { cursor } : {} },
    }),
  )
}

/** POST /api/v1/posts/{id}/comments {text_content}. */
export async function createComment(client: ApiClient, postId: string, text: string) {
  return unwrap(
    `POST /api/v1/posts/${postId}/comments`,
    await client.POST('/api/v1/posts/{id}/comments', {
      params: { path: { id: postId } },
      body: { text_content: text },
    }),
  )
}

/** DELETE /api/v1/comments/{id}: 204. */
export async function deleteComment(client: ApiClient, id: string): Promise<void> {
  unwrapEmpty(
    `DELETE /api/v1/comments/${id}`,
    await client.DELETE('/api/v1/comments/{id}', { params: { path: { id } } }),
  )
}

export function commentsQueryOptions(client: ApiClient, postId: string) {
  return cursorPagesOptions(postKeys.comments(postId), (cursor) => listComments(client, postId, cursor))
}

export function useComments(postId: string) {
  const client = useApiClient()
  return useInfiniteQuery(commentsQueryOptions(client, postId))
}

/** The thread and the post (its comment_count) are read again after a change. */
function refreshPost(queryClient: ReturnType<typeof useQueryClient>, postId: string) {
  return queryClient.invalidateQueries({ queryKey: postKeys.post(postId) })
}

export function useCreateComment(postId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => createComment(client, postId, text),
    // Not awaited: the comment is stored, so the form clears at once and the
    // thread catches up on its own.
    onSuccess: () => {
      void refreshPost(queryClient, postId)
      // Someone may answer: a moment to offer notifications (once).
      offerPush()
    },
  })
}

export function useDeleteComment(postId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteComment(client, id),
    onSuccess: () => {
      toast.success(m.commentDeleted)
      return refreshPost(queryClient, postId)
    },
    onError: (error) => {
      const detail = error instanceof ApiError ? error.problem?.detail : undefined
      toast.error(m.errorTitle, { description: detail ?? m.commentDeleteFailed })
    },
  })
}

export function commentFailureOf(error: unknown): { inline: string } | { toast: string } {
  if (error instanceof ApiError) {
    const detail = error.problem?.detail
    if (error.status === 422 && detail) return { inline: detail }
    if (detail && (error.status === 429 || error.status === 404 || error.status === 403)) return { toast: detail }
  }
  return { toast: m.commentFailed }
}
