import { unwrap, type ApiClient } from '@/lib/api'

/** POST /api/v1/link-preview {url}: title, description, image and site name of a page. */
export async function fetchLinkPreview(client: ApiClient, url: string, signal?: AbortSignal) {
  return unwrap('POST /api/v1/link-preview', await client.POST('/api/v1/link-preview', { body: { url }, signal }))
}

export const linkPreviewKeys = {
  url: (url: string | null) => ['link-preview', url] as const,
}
