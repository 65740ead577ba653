import { useQueryClient } from '@tanstack/react-query'

import { useRealtimeTopic } from '@/lib/realtime'

import { updateCachedPost } from '../api/feed-cache'

function likeCountOf(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || !('like_count' in data)) return undefined
  return typeof data.like_count === 'number' ? Math.max(0, data.like_count) : undefined
}

/** Live like events on post:{id} set the card's count (spec 000 §4 'Like'). */
export function useLiveLikes(postId: string): void {
  const queryClient = useQueryClient()
  useRealtimeTopic(`post:${postId}`, (event) => {
    if (event.type !== 'post.liked' && event.type !== 'post.unliked') return
    const count = likeCountOf(event.data)
    if (count === undefined) return
    updateCachedPost(queryClient, postId, (post) => ({ ...post, like_count: count }))
  })
}
