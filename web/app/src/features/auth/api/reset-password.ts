import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { ResetPasswordValues } from '../types'

/** POST /api/v1/auth/password/reset: sets the new password and ends every session of the member. */
export async function resetPassword(client: ApiClient, values: ResetPasswordValues): Promise<{ message: string }> {
  return unwrap(
    'POST /api/v1/auth/password/reset',
    await client.POST('/api/v1/auth/password/reset', {
      body: { token: values.token, password: values.password, password_confirmation: values.confirmPassword },
    }),
  )
}

export function useResetPassword() {
  const client = useApiClient()
  return useMutation({ mutationFn: (values: ResetPasswordValues) => resetPassword(client, values) })
}
