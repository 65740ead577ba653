import { queryOptions, useQuery } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'

import type { Profile } from '../types'

import { profileKeys } from './profile-keys'

/** GET /api/v1/profiles/me: the signed-in member's own profile. */
export async function getMyProfile(client: ApiClient): Promise<Profile> {
  return unwrap('GET /api/v1/profiles/me', await client.GET('/api/v1/profiles/me'))
}

export function myProfileQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: profileKeys.me(), queryFn: () => getMyProfile(client)})
}

export function useMyProfile() {
  const client = useApiClient()
  return useQuery(myProfileQueryOptions(client))
}
