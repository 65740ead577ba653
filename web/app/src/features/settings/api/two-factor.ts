import { useQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, unwrapEmpty, useApiClient, type ApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

type GetTwoFactor = ApiPaths['/api/v1/auth/two-factor']['get']
export type TwoFactorStatus = GetTwoFactor['responses'][200]['content']['application/json']
export type Passkey = NonNullable<TwoFactorStatus['passkeys']>[number]

/** Query keys of the member's second step. */
export const twoFactorKeys = {
  all: ['settings', 'two-factor'] as const,
}

/** GET /api/v1/auth/two-factor: the app on or off, recovery codes left, passkeys. */
export function useTwoFactor() {
  const client = useApiClient()
  return useQuery({
    queryKey: twoFactorKeys.all,
    queryFn: async () => unwrap('GET /api/v1/auth/two-factor', await client.GET('/api/v1/auth/two-factor')),
  })
}

/** A change of the member's second step: once done, its status is read again. */
function useTwoFactorChange<TData, TVariables>(change: (client: ApiClient, variables: TVariables) => Promise<TData>) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: TVariables) => change(client, variables),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  })
}

/** POST /api/v1/auth/two-factor/totp: a new secret and its otpauth:// address. */
export function useStartTOTP() {
  const client = useApiClient()
  return useMutation({
    mutationFn: async () =>
      unwrap('POST /api/v1/auth/two-factor/totp', await client.POST('/api/v1/auth/two-factor/totp')),
  })
}

/** POST /api/v1/auth/two-factor/totp/confirm: the app is on; the recovery codes, shown once. */
export function useConfirmTOTP() {
  return useTwoFactorChange(
    async (client, code: string) =>
      unwrap(
        'POST /api/v1/auth/two-factor/totp/confirm',
        await client.POST('/api/v1/auth/two-factor/totp/confirm', { body: { code } }),
      ).recovery_codes ?? [],
  )
}

/** POST /api/v1/auth/two-factor/totp/disable. */
export function useDisableTOTP() {
  return useTwoFactorChange(async (client, code: string) => {
    unwrapEmpty(
      'POST /api/v1/auth/two-factor/totp/disable',
      await client.POST('/api/v1/auth/two-factor/totp/disable', { body: { code } }),
    )
  })
}

/** POST /api/v1/auth/two-factor/recovery-codes: new codes, shown once; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  return useTwoFactorChange<string[], undefined>(
    async (client) =>
      unwrap(
        'POST /api/v1/auth/two-factor/recovery-codes',
        await client.POST('/api/v1/auth/two-factor/recovery-codes'),
      ).recovery_codes ?? [],
  )
}

/** Registration options, the browser's new passkey, then POST /api/v1/auth/passkeys. */
export function useAddPasskey(create: (options: Record<string, unknown>) => Promise<Record<string, unknown>>) {
  return useTwoFactorChange(async (client, name: string) => {
    const begin = unwrap(
      'POST /api/v1/auth/passkeys/registration-options',
      await client.POST('/api/v1/auth/passkeys/registration-options'),
    )
    const credential = await create(begin.options)
    return unwrap(
      'POST /api/v1/auth/passkeys',
      await client.POST('/api/v1/auth/passkeys', { body: { ceremony: begin.ceremony, name, credential } }),
    )
  })
}

/** DELETE /api/v1/auth/passkeys/{id}. */
export function useRemovePasskey() {
  return useTwoFactorChange(async (client, id: string) => {
    unwrapEmpty(
      `DELETE /api/v1/auth/passkeys/${id}`,
      await client.DELETE('/api/v1/auth/passkeys/{id}', { params: { path: { id } } }),
    )
  })
}
