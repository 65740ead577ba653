import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'

import { unwrap, unwrapEmpty, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { StoriesAnswer, Story, StoryViewer } from '../types'

import { storyKeys } from './story-keys'

/** GET /api/v1/stories: the viewer's and their followees' live stories, and the top 3. */
export function useStories() {
  const client = useApiClient()
  return useQuery({
    queryKey: storyKeys.screen,
    queryFn: async (): Promise<StoriesAnswer> => {
      const answer = unwrap('GET /api/v1/stories', await client.GET('/api/v1/stories'))
      return { items: answer.items ?? [], trending: answer.trending ?? [] }
    },
  })
}

/** Replaces one story in the cached screen (a view, a live count). */
export function updateCachedStory(queryClient: QueryClient, id: string, change: (story: Story) => Story) {
  queryClient.setQueryData<StoriesAnswer>(storyKeys.screen, (screen) =>
    screen ? { ...screen, items: (screen.items ?? []).map((s) => (s.id === id ? change(s) : s)) } : screen,
  )
}

/** POST /api/v1/stories. */
export function useCreateStory() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (text: string): Promise<Story> =>
      unwrap('POST /api/v1/stories', await client.POST('/api/v1/stories', { body: { text } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storyKeys.screen }),
  })
}

/** POST /api/v1/stories/{id}/view: the server counts each member once. */
export function useViewStory() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string): Promise<Story> =>
      unwrap(
        `POST /api/v1/stories/${id}/view`,
        await client.POST('/api/v1/stories/{id}/view', { params: { path: { id } } }),
      ),
    onSuccess: (story) => {
      updateCachedStory(queryClient, story.id, () => story)
    },
  })
}

/** GET /api/v1/stories/{id}/viewers (the author only), read while `enabled`. */
export function useStoryViewers(id: string, enabled: boolean) {
  const client = useApiClient()
  return useQuery({
    queryKey: storyKeys.viewers(id),
    enabled,
    queryFn: async (): Promise<StoryViewer[]> =>
      unwrap(
        `GET /api/v1/stories/${id}/viewers`,
        await client.GET('/api/v1/stories/{id}/viewers', { params: { path: { id } } }),
      ).items ?? [],
  })
}

/** DELETE /api/v1/stories/{id} (the author only). */
export function useDeleteStory() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      unwrapEmpty(
        `DELETE /api/v1/stories/${id}`,
        await client.DELETE('/api/v1/stories/{id}', { params: { path: { id } } }),
      )
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storyKeys.screen }),
  })
}
