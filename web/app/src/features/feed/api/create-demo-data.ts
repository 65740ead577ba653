import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { feedKeys } from '@/features/posts'
import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { feedMessages as m } from '../messages'


/** POST /api/v1/demo-data: demo posts and communities, skipped when the member has posts. */
export async function createDemoData(client: ApiClient) {
  return unwrap('POST /api/v1/demo-data', await client.POST('/api/v1/demo-data'))
}

/** Demo seeding: toasts and refetches the feed. */
export function useCreateDemoData() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => createDemoData(client),
    onSuccess: (data) => {
      // Skipped: the member already has posts; the server's message says so.
      if (data.skipped) toast.info(data.message)
      else toast.success(m.demoCreated)
      return queryClient.invalidateQueries({ queryKey: feedKeys.all })
    },
    onError: () => {
      toast.error(m.errorTitle, { description: m.demoFailed })
    },
  })
}
