import { unwrapEmpty, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

/**
 * POST /api/v1/notifications/email-digest/unsubscribe: the link's token in
 * the body (never in a URL the server receives), no session needed.
 */
export function useUnsubscribeDigest() {
  const client = useApiClient()
  return useMutation({
    mutationFn: async (token: string) => {
      unwrapEmpty(
        'POST /api/v1/notifications/email-digest/unsubscribe',
        await client.POST('/api/v1/notifications/email-digest/unsubscribe', { body: { token } }),
      )
    },
  })
}
