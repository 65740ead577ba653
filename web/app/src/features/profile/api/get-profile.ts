import { queryOptions, useQuery } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'

import type { Profile } from '../types'

import { profileKeys } from './profile-keys'

/** GET /api/v1/profiles/{handle}; 404 profile_not_found when nobody has it. */
export async function getProfile(client: ApiClient, handle: string): Promise<Profile> {
  return unwrap(
    `GET /api/v1/profiles/${handle}`,
    await client.GET('/api/v1/profiles/{handle}', { params: { path: { handle } } }),
  )
}

export function profileQueryOptions(client: ApiClient, handle: string) {
  return queryOptions({
    queryKey: profileKeys.byHandle(handle),
    queryFn: () => getProfile(client, handle),
  })
}

export function useProfile(handle: string) {
  const client = useApiClient()
  return useQuery(profileQueryOptions(client, handle))
}
