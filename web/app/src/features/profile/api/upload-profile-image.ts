import { useQueryClient } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { Profile, ProfileImageKind } from '../types'

import { storeProfile } from './update-profile'

/**
 * PUT /api/v1/profiles/me/avatar or /banner with the cropped JPEG as the
 * multipart part "file". The schema can only type a binary part as a string,
 * so the body is built here and handed over whole by the serializer.
 */
export async function uploadProfileImage(client: ApiClient, kind: ProfileImageKind, file: File): Promise<Profile> {
  const data = new FormData()
  data.append('file', file, file.name)
  const init = { body: {}, bodySerializer: () => data }
  const result =
    kind === 'avatar'
      ? await client.PUT('/api/v1/profiles/me/avatar', init)
      : await client.PUT('/api/v1/profiles/me/banner', init)
  return unwrap(`PUT /api/v1/profiles/me/${kind}`, result)
}

export function useUploadProfileImage() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, file }: { kind: ProfileImageKind; file: File }) => uploadProfileImage(client, kind, file),
    onSuccess: (profile) => {
      storeProfile(queryClient, profile)
    },
  })
}
