import { useQueryClient } from '@tanstack/react-query'

import { REVOKED_EVENT, useRealtimeTopic, type RealtimeEvent } from '@/lib/realtime'

import { removeCachedPost, updateCachedPost } from '../api/feed-cache'

function countOf(data: unknown, field: 'like_count' | 'comment_count'): number | undefined {
  if (typeof data !== 'object' || data === null || !(field in data)) return undefined
  const value: unknown = (data as Record<string, unknown>)[field]
  return typeof value === 'number' ? Math.max(0, value) : undefined
}

/**
 * Live events on post:{id} for one card (feed and post page), while `enabled`
 * (the card is on screen): like and comment events set the counts;
 * post.deleted, or the server ending the subscription because
 * the member may no longer read the post, takes it out of the cached feeds.
 */
export function useLivePost(postId: string, enabled = true): void {
  const queryClient = useQueryClient()
  const onEvent = (event: RealtimeEvent) => {
    switch (event.type) {
      case 'post.liked':
      case 'post.unliked': {
        const count = countOf(event.data, 'like_count')
        if (count !== undefined) updateCachedPost(queryClient, postId, (post) => ({ ...post, like_count: count }))
        break
      }
      case 'comment.created':
      case 'comment.deleted': {
        const count = countOf(event.data, 'comment_count')
        if (count !== undefined) updateCachedPost(queryClient, postId, (post) => ({ ...post, comment_count: count }))
        break
      }
      case 'post.deleted':
      case REVOKED_EVENT:
        removeCachedPost(queryClient, postId)
        break
    }
  }
  useRealtimeTopic(`post:${postId}`, onEvent, undefined, { enabled })
}
