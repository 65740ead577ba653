import { queryOptions, useQuery } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useFirstScreenDrawn } from '@/lib/first-screen'

/** Query keys of the trending-music panel. */
export const trendingKeys = {
  all: ['trending'] as const,
}

/** GET /api/v1/trending: the music chart, refreshed hourly by the server. */
export async function listTrending(client: ApiClient) {
  return unwrap('GET /api/v1/trending', await client.GET('/api/v1/trending'))
}

export function trendingQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: trendingKeys.all, queryFn: () => listTrending(client) })
}

/** The chart, asked for once the first screen is drawn: it is beside the feed, never what a member opened the app for. */
export function useTrending() {
  const client = useApiClient()
  return useQuery({ ...trendingQueryOptions(client), enabled: useFirstScreenDrawn() })
}
