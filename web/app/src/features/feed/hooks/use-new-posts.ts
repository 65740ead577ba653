import { useState } from 'react'

import { useRealtimeTopic } from '@/lib/realtime'

function authorOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('author_id' in data)) return undefined
  return typeof data.author_id === 'string' ? data.author_id : undefined
}

/**
 * Spec 000 §4 'Feed': the new-posts flag is set when another member's post
 * arrives live on feed:public; `clear` is for refresh.
 */
export function useNewPosts(viewerId: string | undefined) {
  const [available, setAvailable] = useState(false)
  useRealtimeTopic('feed:public', (event) => {
    if (event.type !== 'post.created') return
    const author = authorOf(event.data)
    if (author && author !== viewerId) setAvailable(true)
  })
  return {
    available,
    clear: () => {
      setAvailable(false)
    },
  }
}
