import { useQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

export type EmailDigest = ApiPaths['/api/v1/notifications/email-digest']['get']['responses'][200]['content']['application/json']

/** Query key of the member's weekly e-mail digest choice. */
export const emailDigestKey = ['settings', 'email-digest'] as const

/** GET /api/v1/notifications/email-digest: whether the weekly summary e-mail is on (off until chosen). */
export function useEmailDigest() {
  const client = useApiClient()
  return useQuery({
    queryKey: emailDigestKey,
    queryFn: async () =>
      unwrap('GET /api/v1/notifications/email-digest', await client.GET('/api/v1/notifications/email-digest')),
  })
}

/** PUT /api/v1/notifications/email-digest: shown at once, undone on failure. */
export function useSetEmailDigest() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      unwrap(
        'PUT /api/v1/notifications/email-digest',
        await client.PUT('/api/v1/notifications/email-digest', { body: { enabled } }),
      ),
    onMutate: (enabled) => {
      const before = queryClient.getQueryData<EmailDigest>(emailDigestKey)
      queryClient.setQueryData<EmailDigest>(emailDigestKey, { enabled })
      return { before }
    },
    onError: (_error, _enabled, context) => {
      if (context?.before) queryClient.setQueryData(emailDigestKey, context.before)
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(emailDigestKey, answer)
    },
  })
}
