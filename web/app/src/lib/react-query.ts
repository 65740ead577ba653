import { QueryClient } from '@tanstack/react-query'

import { ApiError } from './api'

/**
 * One retry, except for a 4xx: the server has answered (not found, not
 * allowed) and asking again would get the same answer, later.
 */
export function retryOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

/** One retry and 30 s of freshness: enough to ride out a blip without hammering the API. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnce, staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  })
}
