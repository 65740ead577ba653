import { useQuery } from '@tanstack/react-query'
import { ApiError, useApiClient } from '@/lib/api'
import { useDebouncedValue } from '@/lib/use-debounced-value'

import { fetchLinkPreview, linkPreviewKeys } from '../api/link-preview'
import { firstHttpUrl } from '../media'

/** The link preview is asked after 1 second without typing. */
export const LINK_PREVIEW_DELAY_MS = 1000

export type LinkPreviewState =
  | { status: 'idle' }
  | { status: 'loading'; url: string }
  | { status: 'ready'; url: string; preview: { url: string; title: string; description: string; image: string; siteName: string } }
  | { status: 'error'; url: string; message: string }

function messageOf(error: Error): string {
  if (error instanceof ApiError) return error.problem?.detail ?? error.problem?.title ?? error.message
  return error.message
}

/**
 * The first http(s) URL of `text` is previewed once typing has
 * paused for a second. A stale request is cancelled (the query's signal is
 * aborted when nothing watches it any more), and removing the URL clears the
 * preview at once.
 */
export function useLinkPreview(text: string): LinkPreviewState {
  const client = useApiClient()
  const typed = firstHttpUrl(text)
  const url = firstHttpUrl(useDebouncedValue(text, LINK_PREVIEW_DELAY_MS))
  const query = useQuery({
    queryKey: linkPreviewKeys.url(url),
    queryFn: ({ signal }) => fetchLinkPreview(client, url ?? '', signal),
    enabled: url !== null,
    retry: false,
    staleTime: 5 * 60_000,
  })
  if (!url || typed !== url) return { status: 'idle' }
  if (query.isError) return { status: 'error', url, message: messageOf(query.error) }
  if (query.data) return { status: 'ready', url, preview: query.data }
  return { status: 'loading', url }
}
