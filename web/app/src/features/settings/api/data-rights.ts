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
 * is queued or building (its progress moves).
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
 * When to read the export again: every two seconds while it is made;
 * never otherwise (the download needs the session, not a fresh link).
 */
export function nextRead(state: DataExportState | undefined): number | false {
  return isRunning(state?.export) ? EXPORT_POLL_MS : false
}

/** The file name the server gives the archive, or a plain one. */
export function archiveName(disposition: string | null): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1]
  return name && !/[\\/]/.test(name) ? name : 'dados-social.zip'
}

/** Hands blob to the browser as a download named name. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // The browser has taken the file once the click is handled.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 60_000)
}

/**
 * GET /api/v1/account/data-export/archive: downloads the ready archive with
 * the member's session (the bearer token, as every call); there is no link
 * that works without it.
 */
export function useDownloadDataExport() {
  const client = useApiClient()
  return useMutation({
    mutationFn: async () => {
      const result = await client.GET('/api/v1/account/data-export/archive', { parseAs: 'blob' })
      const blob: Blob = unwrap('GET /api/v1/account/data-export/archive', result)
      saveFile(blob, archiveName(result.response.headers.get('Content-Disposition')))
    },
  })
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
