import { useQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, unwrapEmpty, useApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

type GetDataExport = ApiPaths['/api/v1/account/data-export']['get']
export type DataExportState = GetDataExport['responses'][200]['content']['application/json']
export type DataExport = NonNullable<DataExportState['export']>

/** Query keys of the member's data export. */
export const dataExportKeys = {
  all: ['settings', 'data-export'] as const,
}

/** How often the screen asks again while the archive is being built. */
export const EXPORT_POLL_MS = 2000

/** Whether the export is still being made. */
export function isRunning(e: DataExport | null | undefined): boolean {
  return e?.status === 'queued' || e?.status === 'building'
}

/**
 * GET /api/v1/account/data-export: the latest export, asked again while it
 * is queued or building (its progress moves) and before its download link
 * expires (each answer signs a fresh one).
 */
export function useDataExport() {
  const client = useApiClient()
  return useQuery({
    queryKey: dataExportKeys.all,
    queryFn: async (): Promise<DataExportState> =>
      unwrap('GET /api/v1/account/data-export', await client.GET('/api/v1/account/data-export')),
    refetchInterval: (query) => nextRead(query.state.data),
  })
}

/**
 * When to read the export again: every two seconds while it is made; a
 * minute before its download link expires once it is ready, so the link
 * on screen always works; never otherwise.
 */
export function nextRead(state: DataExportState | undefined, now: number = Date.now()): number | false {
  if (isRunning(state?.export)) return EXPORT_POLL_MS
  const expires = state?.download_expires_at ? Date.parse(state.download_expires_at) : NaN
  if (Number.isNaN(expires)) return false
  return Math.max(expires - now - 60_000, 5_000)
}

/** POST /api/v1/account/data-export: asks for a new archive. */
export function useRequestDataExport() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      unwrap('POST /api/v1/account/data-export', await client.POST('/api/v1/account/data-export')),
    onSuccess: (state) => {
      // The queued export at once; the poll takes it from there.
      queryClient.setQueryData<DataExportState>(dataExportKeys.all, state)
      void queryClient.invalidateQueries({ queryKey: dataExportKeys.all })
    },
  })
}

/** POST /api/v1/account/delete: deletes the account, confirmed with the password. */
export function useDeleteAccount() {
  const client = useApiClient()
  return useMutation({
    mutationFn: async (password: string) => {
      unwrapEmpty('POST /api/v1/account/delete', await client.POST('/api/v1/account/delete', { body: { password } }))
    },
  })
}
