import { queryOptions, useQuery } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useFirstScreenDrawn } from '@/lib/first-screen'

import { translationKeys } from './translate-post'

/** GET /api/v1/translation/capabilities: whether posts can be translated at all. */
export async function getTranslationCapabilities(client: ApiClient) {
  return unwrap('GET /api/v1/translation/capabilities', await client.GET('/api/v1/translation/capabilities'))
}

export function translationCapabilitiesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: translationKeys.capabilities,
    queryFn: () => getTranslationCapabilities(client),
    staleTime: Infinity,
  })
}

/** True only once the server said translation is available (asked after the first screen is drawn). */
export function useTranslationAvailable(): boolean {
  const client = useApiClient()
  const { data } = useQuery({ ...translationCapabilitiesQueryOptions(client), enabled: useFirstScreenDrawn() })
  return data?.available === true
}
