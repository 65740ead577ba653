import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { useRealtimeTopic } from '@/lib/realtime'

import { feedKeys, removeCachedPost } from '@/features/posts'

function stringField(data: unknown, field: 'id' | 'author_id'): string | undefined {
  if (typeof data !== 'object' || data === null || !(field in data)) return undefined
  const value: unknown = (data as Record<string, unknown>)[field]
  return typeof value === 'string' ? value : undefined
}

/**
 * The feed's live topic feed:public: the new-posts flag
 * is set when another member's post arrives (`clear` is for refresh); a
 * deleted post leaves the cached pages at once; after a reconnect (events may
 * have been missed) the feed is read again over HTTP.
 */
export function useNewPosts(viewerId: string | undefined) {
  const queryClient = useQueryClient()
  const [available, setAvailable] = useState(false)
  useRealtimeTopic(
    'feed:public',
    (event) => {
      if (event.type === 'post.created') {
        const author = stringField(event.data, 'author_id')
        if (author && author !== viewerId) setAvailable(true)
      } else if (event.type === 'post.deleted') {
        const id = stringField(event.data, 'id')
        if (id) removeCachedPost(queryClient, id)
      }
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.all })
    },
  )
  return {
    available,
    clear: () => {
      setAvailable(false)
    },
  }
}
