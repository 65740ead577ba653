import { QueryClient } from '@tanstack/react-query'

/** One retry and 30 s of freshness: enough to ride out a blip without hammering the API. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  })
}
