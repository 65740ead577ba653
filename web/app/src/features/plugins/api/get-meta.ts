import { queryOptions, useQuery } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient, type ApiPaths } from '@/lib/api'
import { useFirstScreenDrawn } from '@/lib/first-screen'

export type Meta = ApiPaths['/api/v1/meta']['get']['responses'][200]['content']['application/json']

export const metaQueryKey = ['meta'] as const

export async function getMeta(client: ApiClient): Promise<Meta> {
  return unwrap('GET /api/v1/meta', await client.GET('/api/v1/meta'))
}

export function metaQueryOptions(client: ApiClient) {
  // The plugin set changes only on a server restart.
  return queryOptions({ queryKey: metaQueryKey, queryFn: () => getMeta(client), staleTime: 5 * 60_000 })
}

/**
 * The server's plugin set, asked for once the first screen is drawn: until
 * then every plugin counts as on (useDisabledPlugins), as while it loads.
 */
export function useMeta() {
  const client = useApiClient()
  return useQuery({ ...metaQueryOptions(client), enabled: useFirstScreenDrawn() })
}
