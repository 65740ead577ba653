import { useQueryClient, type QueryClient } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { Profile, ProfileChanges } from '../types'

import { profileKeys } from './profile-keys'

/** PATCH /api/v1/profiles/me: only the fields given change; '' clears one. */
export async function updateProfile(client: ApiClient, changes: ProfileChanges): Promise<Profile> {
  return unwrap('PATCH /api/v1/profiles/me', await client.PATCH('/api/v1/profiles/me', { body: changes }))
}

/** Puts the server's new copy where both profile reads will find it. */
export function storeProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(profileKeys.me(), profile)
  queryClient.setQueryData(profileKeys.byHandle(profile.handle), profile)
}

export function useUpdateProfile() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: ProfileChanges) => updateProfile(client, changes),
    onSuccess: (profile) => {
      storeProfile(queryClient, profile)
    },
  })
}
