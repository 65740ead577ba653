import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { useRealtimeTopic } from '@/lib/realtime'

import { removeCachedCommunityPost, updateCachedCommunityPost } from '../api/community-posts'
import { communityKeys } from '../api/community-keys'

function field(data: unknown, name: string): unknown {
  if (typeof data !== 'object' || data === null || !(name in data)) return undefined
  return (data as Record<string, unknown>)[name]
}

function stringField(data: unknown, name: 'id' | 'author_id'): string | undefined {
  const value = field(data, name)
  return typeof value === 'string' ? value : undefined
}

/**
 * The community's live topic community:{id} (spec 001 §4): another member's
 * post sets the 'Ver novos posts' flag (`clear` is for refresh), a deleted
 * post leaves the list, likes set the count; after a reconnect the posts are
 * read again over HTTP.
 */
export function useCommunityLive(communityId: string, viewerId: string | undefined) {
  const queryClient = useQueryClient()
  const [available, setAvailable] = useState(false)
  useRealtimeTopic(
    `community:${communityId}`,
    (event) => {
      const id = stringField(event.data, 'id')
      switch (event.type) {
        case 'community_post.created': {
          const author = stringField(event.data, 'author_id')
          if (author && author !== viewerId) setAvailable(true)
          break
        }
        case 'community_post.deleted':
          if (id) removeCachedCommunityPost(queryClient, communityId, id)
          break
        case 'community_post.liked':
        case 'community_post.unliked': {
          const count = field(event.data, 'like_count')
          if (id && typeof count === 'number') {
            updateCachedCommunityPost(queryClient, communityId, id, (post) => ({ ...post, like_count: Math.max(0, count) }))
          }
          break
        }
      }
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.posts(communityId) })
    },
  )
  return {
    available,
    clear: () => {
      setAvailable(false)
    },
  }
}
