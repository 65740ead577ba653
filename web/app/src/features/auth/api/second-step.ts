import type { SessionBody } from '@/features/session'
import { unwrap, useApiClient, type ApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

/** Sign-in's 202 answer: the account has a second step to complete. */
export type SecondStepPending =
  ApiPaths['/api/v1/auth/sign-in']['post']['responses'][202]['content']['application/json']

/** One way of completing a second step. */
export type SecondStepAnswer =
  | { code: string }
  | { recovery_code: string }
  | { passkey: Record<string, unknown> }

/** POST /api/v1/auth/second-step: only now is the session created (refresh token in the cookie). */
export async function completeSecondStep(
  client: ApiClient,
  challenge: string,
  answer: SecondStepAnswer,
): Promise<SessionBody> {
  return unwrap(
    'POST /api/v1/auth/second-step',
    await client.POST('/api/v1/auth/second-step', {
      body: { challenge, token_transport: 'cookie', ...answer },
      credentials: 'include',
    }),
  )
}

export function useCompleteSecondStep() {
  const client = useApiClient()
  return useMutation({
    mutationFn: ({ challenge, answer }: { challenge: string; answer: SecondStepAnswer }) =>
      completeSecondStep(client, challenge, answer),
  })
}

/** POST /api/v1/auth/passkeys/sign-in-options, then the browser's passkey, then POST /api/v1/auth/passkeys/sign-in. */
export async function signInWithPasskey(
  client: ApiClient,
  get: (options: Record<string, unknown>) => Promise<Record<string, unknown>>,
): Promise<SessionBody> {
  const begin = unwrap(
    'POST /api/v1/auth/passkeys/sign-in-options',
    await client.POST('/api/v1/auth/passkeys/sign-in-options'),
  )
  const credential = await get(begin.options)
  return unwrap(
    'POST /api/v1/auth/passkeys/sign-in',
    await client.POST('/api/v1/auth/passkeys/sign-in', {
      body: { ceremony: begin.ceremony, credential, token_transport: 'cookie' },
      credentials: 'include',
    }),
  )
}
