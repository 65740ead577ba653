import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { SignUpValues } from '../types'

/** POST /api/v1/auth/sign-up: creates the account and mails the confirmation link. */
export async function signUp(client: ApiClient, values: SignUpValues): Promise<{ message: string }> {
  return unwrap(
    'POST /api/v1/auth/sign-up',
    await client.POST('/api/v1/auth/sign-up', {
      body: {
        email: values.email,
        password: values.password,
        password_confirmation: values.confirmPassword,
        display_name: values.displayName,
        handle: values.handle,
      },
    }),
  )
}

export function useSignUp() {
  const client = useApiClient()
  return useMutation({ mutationFn: (values: SignUpValues) => signUp(client, values) })
}
