import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

/** POST /api/v1/auth/confirm/resend: mails a new confirmation link (60 s cool-down per e-mail). */
export async function resendConfirmation(client: ApiClient, email: string): Promise<{ message: string }> {
  return unwrap(
    'POST /api/v1/auth/confirm/resend',
    await client.POST('/api/v1/auth/confirm/resend', { body: { email } }),
  )
}

export function useResendConfirmation() {
  const client = useApiClient()
  return useMutation({ mutationFn: (email: string) => resendConfirmation(client, email) })
}
