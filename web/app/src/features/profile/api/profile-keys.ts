import type { QueryKey } from '@tanstack/react-query'

/**
 * Query keys of the profile reads. Typed as plain keys so the screen can pick
 * either read (own or by handle) with one useQuery call.
 */
export const profileKeys = {
  all: ['profiles'] as QueryKey,
  me: (): QueryKey => ['profiles', 'me'],
  byHandle: (handle: string): QueryKey => ['profiles', 'handle', handle],
}
