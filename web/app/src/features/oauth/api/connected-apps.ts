import { useQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, unwrapEmpty, useApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

type ListConnectedApps = ApiPaths['/api/v1/oauth/connected-apps']['get']
export type ConnectedApp = NonNullable<
  ListConnectedApps['responses'][200]['content']['application/json']['items']
>[number]

/** Query keys of the member's connected apps. */
export const connectedAppKeys = {
  all: ['oauth', 'connected-apps'] as const,
}

/** GET /api/v1/oauth/connected-apps: the apps the member authorized, the most recently used first. */
export function useConnectedApps() {
  const client = useApiClient()
  return useQuery({
    queryKey: connectedAppKeys.all,
    queryFn: async (): Promise<ConnectedApp[]> =>
      unwrap('GET /api/v1/oauth/connected-apps', await client.GET('/api/v1/oauth/connected-apps')).items ?? [],
  })
}

/**
 * DELETE /api/v1/oauth/connected-apps/{id}: the app's access ends at once.
 * A 404 means it had already ended: the list drops it all the same.
 */
export function useRevokeApp() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const result = await client.DELETE('/api/v1/oauth/connected-apps/{id}', { params: { path: { id } } })
      if (result.response.status === 404) return id
      unwrapEmpty(`DELETE /api/v1/oauth/connected-apps/${id}`, result)
      return id
    },
    onSuccess: (id: string) => {
      queryClient.setQueryData<ConnectedApp[]>(connectedAppKeys.all, (list) => list?.filter((a) => a.id !== id))
      void queryClient.invalidateQueries({ queryKey: connectedAppKeys.all })
    },
  })
}
