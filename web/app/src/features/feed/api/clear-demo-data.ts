import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { ApiError, unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { feedMessages as m } from '../messages'

/** DELETE /api/v1/demo-data: removes the demo data generated for the member, and nothing they wrote. */
export async function clearDemoData(client: ApiClient) {
  return unwrap('DELETE /api/v1/demo-data', await client.DELETE('/api/v1/demo-data'))
}

/**
 * Clearing demo data: toasts and reads every screen's data again, since the
 * demo posts, communities and rooms are gone from the feed and the lists.
 */
export function useClearDemoData() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => clearDemoData(client),
    onSuccess: () => {
      toast.success(m.demoCleared)
      return queryClient.invalidateQueries()
    },
    onError: (error) => {
      const signedOut = error instanceof ApiError && error.status === 401
      toast.error(m.errorTitle, { description: signedOut ? m.demoClearSignedOut : m.demoClearFailed })
    },
  })
}
