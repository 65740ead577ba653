import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, unwrapEmpty, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { Community, NewCommunity } from '../types'

import { communityKeys } from './community-keys'

/** GET /api/v1/communities?q=…: the server filters by name or description (most members first). */
export function useCommunities(query: string) {
  const client = useApiClient()
  const q = query.trim()
  return useQuery({
    queryKey: communityKeys.list(q),
    queryFn: async (): Promise<Community[]> =>
      unwrap(
        'GET /api/v1/communities',
        await client.GET('/api/v1/communities', { params: { query: q ? { q } : {} } }),
      ).items ?? [],
    placeholderData: keepPreviousData,
  })
}

/** GET /api/v1/communities/{id}. */
export function useCommunity(id: string) {
  const client = useApiClient()
  return useQuery({
    queryKey: communityKeys.detail(id),
    queryFn: async (): Promise<Community> =>
      unwrap(
        `GET /api/v1/communities/${id}`,
        await client.GET('/api/v1/communities/{id}', { params: { path: { id } } }),
      ),
  })
}

/** POST /api/v1/communities: the new community is cached for its page. */
export function useCreateCommunity() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: NewCommunity): Promise<Community> =>
      unwrap('POST /api/v1/communities', await client.POST('/api/v1/communities', { body })),
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(community.id), community)
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists })
    },
  })
}

/**
 * DELETE /api/v1/communities/{id} (owner only; the server checks). The caller
 * leaves the page, then drops its cache with forgetCommunity.
 */
export function useDeleteCommunity() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      unwrapEmpty(
        `DELETE /api/v1/communities/${id}`,
        await client.DELETE('/api/v1/communities/{id}', { params: { path: { id } } }),
      )
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.lists }),
  })
}
