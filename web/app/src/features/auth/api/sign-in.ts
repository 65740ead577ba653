import type { SessionBody } from '@/features/session'
import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { SignInValues } from '../types'

import type { SecondStepPending } from './second-step'

/**
 * POST /api/v1/auth/sign-in. The SPA asks for the cookie transport: the refresh
 * token then travels only in the HttpOnly cookie, never in script reach. An
 * account with a second step answers a pending challenge instead (202).
 */
export async function signIn(client: ApiClient, values: SignInValues): Promise<SessionBody | SecondStepPending> {
  return unwrap(
    'POST /api/v1/auth/sign-in',
    await client.POST('/api/v1/auth/sign-in', {
      body: { email: values.email, password: values.password, token_transport: 'cookie' },
      credentials: 'include',
    }),
  )
}

export function useSignIn() {
  const client = useApiClient()
  return useMutation({ mutationFn: (values: SignInValues) => signIn(client, values) })
}
