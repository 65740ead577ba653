import { useQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, unwrapEmpty, useApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

type ListSessions = ApiPaths['/api/v1/auth/sessions']['get']
export type DeviceSession = NonNullable<ListSessions['responses'][200]['content']['application/json']['items']>[number]

/** Query keys of the member's sessions. */
export const sessionKeys = {
  all: ['settings', 'sessions'] as const,
}

/** GET /api/v1/auth/sessions: the viewer's live sessions, the current one flagged. */
export function useSessions() {
  const client = useApiClient()
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: async (): Promise<DeviceSession[]> =>
      unwrap('GET /api/v1/auth/sessions', await client.GET('/api/v1/auth/sessions')).items ?? [],
  })
}

/**
 * DELETE /api/v1/auth/sessions/{id}: the session ends everywhere at once.
 * A 404 means it had already ended: the list drops it all the same.
 */
export function useEndSession() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const drop = (id: string) => {
    queryClient.setQueryData<DeviceSession[]>(sessionKeys.all, (list) => list?.filter((s) => s.id !== id))
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all })
  }
  return useMutation({
    mutationFn: async (id: string) => {
      const result = await client.DELETE('/api/v1/auth/sessions/{id}', { params: { path: { id } } })
      if (result.response.status === 404) return id
      unwrapEmpty(`DELETE /api/v1/auth/sessions/${id}`, result)
      return id
    },
    onSuccess: drop,
  })
}

/** POST /api/v1/auth/sessions/end-others: every session but this one ends. */
export function useEndOtherSessions() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      unwrap('POST /api/v1/auth/sessions/end-others', await client.POST('/api/v1/auth/sessions/end-others')).ended,
    onSuccess: () => {
      queryClient.setQueryData<DeviceSession[]>(sessionKeys.all, (list) => list?.filter((s) => s.current))
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all })
    },
  })
}
