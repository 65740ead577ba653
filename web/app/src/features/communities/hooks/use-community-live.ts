import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { feedKeys } from '@/features/posts'
import { useRealtimeTopic } from '@/lib/realtime'

function authorOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('author_id' in data)) return undefined
  const value: unknown = (data as Record<string, unknown>).author_id
  return typeof value === 'string' ? value : undefined
}

/**
 * The community's live topic community:{id}: another member's
 * post sets the 'Ver novos posts' flag (`clear` is for refresh); after a
 * reconnect the posts are read again over HTTP. Each card follows its own
 * post:{id} (likes, comments, deletion), as in the feed.
 */
export function useCommunityLive(communityId: string, viewerId: string | undefined) {
  const queryClient = useQueryClient()
  const [available, setAvailable] = useState(false)
  useRealtimeTopic(
    `community:${communityId}`,
    (event) => {
      if (event.type !== 'community_post.created') return
      const author = authorOf(event.data)
      if (author && author !== viewerId) setAvailable(true)
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.audience(communityId) })
    },
  )
  return {
    available,
    clear: () => {
      setAvailable(false)
    },
  }
}
