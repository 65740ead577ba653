import { useQueryClient } from '@tanstack/react-query'

import { useRealtimeTopic } from '@/lib/realtime'

import { removeCachedPost, updateCachedPost } from '../api/feed-cache'

function countOf(data: unknown, field: 'like_count' | 'comment_count'): number | undefined {
  if (typeof data !== 'object' || data === null || !(field in data)) return undefined
  const value: unknown = (data as Record<string, unknown>)[field]
  return typeof value === 'number' ? Math.max(0, value) : undefined
}

/**
 * Live events on post:{id} for one card (feed and post page): like and
 * comment events set the counts (spec 000 §4 'Like'), post.deleted takes the
 * post out of the cached feeds.
 */
export function useLivePost(postId: string): void {
  const queryClient = useQueryClient()
  useRealtimeTopic(`post:${postId}`, (event) => {
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
        removeCachedPost(queryClient, postId)
        break
    }
  })
}
