import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

/** POST /api/v1/auth/password/forgot: mails a reset link; the answer never says whether the e-mail exists. */
export async function forgotPassword(client: ApiClient, email: string): Promise<{ message: string }> {
  return unwrap(
    'POST /api/v1/auth/password/forgot',
    await client.POST('/api/v1/auth/password/forgot', { body: { email } }),
  )
}

export function useForgotPassword() {
  const client = useApiClient()
  return useMutation({ mutationFn: (email: string) => forgotPassword(client, email) })
}
