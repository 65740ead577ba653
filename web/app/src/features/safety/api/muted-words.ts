import { useQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, unwrapEmpty, useApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { safetyKeys } from './safety-keys'

type AddWord = ApiPaths['/api/v1/safety/muted-words']['post']
export type MutedWord = AddWord['responses'][200]['content']['application/json']
export type NewMutedWord = AddWord['requestBody']['content']['application/json']
export type MuteDuration = NonNullable<NewMutedWord['duration']>

/** GET /api/v1/safety/muted-words: the viewer's words still in force, newest first. */
export function useMutedWords() {
  const client = useApiClient()
  return useQuery({
    queryKey: safetyKeys.words,
    queryFn: async (): Promise<MutedWord[]> =>
      unwrap('GET /api/v1/safety/muted-words', await client.GET('/api/v1/safety/muted-words')).items ?? [],
  })
}

/** Feeds, threads and notifications are read again once the words change. */
function useRefreshAfterWords() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries()
  }
}

/** POST /api/v1/safety/muted-words: mutes a word (muting it again changes its expiry). */
export function useAddMutedWord() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const refresh = useRefreshAfterWords()
  return useMutation({
    mutationFn: async (word: NewMutedWord) =>
      unwrap('POST /api/v1/safety/muted-words', await client.POST('/api/v1/safety/muted-words', { body: word })),
    onSuccess: (saved) => {
      queryClient.setQueryData<MutedWord[]>(safetyKeys.words, (list) => [
        saved,
        ...(list ?? []).filter((w) => w.id !== saved.id),
      ])
      refresh()
    },
  })
}

/** DELETE /api/v1/safety/muted-words/{id}; a 404 means it was already gone. */
export function useRemoveMutedWord() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const refresh = useRefreshAfterWords()
  return useMutation({
    mutationFn: async (id: string) => {
      const result = await client.DELETE('/api/v1/safety/muted-words/{id}', { params: { path: { id } } })
      if (result.response.status !== 404) unwrapEmpty(`DELETE /api/v1/safety/muted-words/${id}`, result)
      return id
    },
    onSuccess: (id) => {
      queryClient.setQueryData<MutedWord[]>(safetyKeys.words, (list) => list?.filter((w) => w.id !== id))
      refresh()
    },
  })
}
