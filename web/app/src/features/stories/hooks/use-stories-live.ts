import { useQueryClient } from '@tanstack/react-query'

import { useRealtimeTopic } from '@/lib/realtime'

import { updateCachedStory } from '../api/stories'
import { storyKeys } from '../api/story-keys'

function field(data: unknown, name: string): unknown {
  if (typeof data !== 'object' || data === null || !(name in data)) return undefined
  return (data as Record<string, unknown>)[name]
}

/**
 * The member's topic stories:{id}: a new or deleted story of someone they
 * follow reads the screen again; a view of their own story moves its count.
 */
export function useStoriesLive(userId: string) {
  const queryClient = useQueryClient()
  const readAgain = () => queryClient.invalidateQueries({ queryKey: storyKeys.screen })
  useRealtimeTopic(
    `stories:${userId}`,
    (event) => {
      switch (event.type) {
        case 'story.created':
        case 'story.deleted':
          void readAgain()
          break
        case 'story.viewed': {
          const id = field(event.data, 'id')
          const count = field(event.data, 'view_count')
          if (typeof id === 'string' && typeof count === 'number') {
            updateCachedStory(queryClient, id, (story) => ({ ...story, view_count: count }))
            void queryClient.invalidateQueries({ queryKey: storyKeys.viewers(id) })
          }
          break
        }
      }
    },
    readAgain,
    { catchUp: true },
  )
}
