import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { unwrap, unwrapEmpty, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { Community, NewCommunity } from '../types'

import { forgetCommunity, settleDeletedCommunity, wasDeleted } from './community-cache'
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
 * DELETE /api/v1/communities/{id} (owner only; the server checks): reads of
 * it in flight are stopped and the lists lose it at once. The caller leaves
 * the page; the page drops the rest as it goes (useForgetWhenDeleted).
 */
export function useDeleteCommunity() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: communityKeys.deletion,
    mutationFn: async (id: string) => {
      unwrapEmpty(
        `DELETE /api/v1/communities/${id}`,
        await client.DELETE('/api/v1/communities/{id}', { params: { path: { id } } }),
      )
    },
    onSuccess: async (_nothing, id) => {
      await settleDeletedCommunity(queryClient, id)
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists })
    },
  })
}

/**
 * On a community's page: once the community was deleted, its reads are
 * dropped as the page goes, when no screen can ask for them again.
 */
export function useForgetWhenDeleted(id: string) {
  const queryClient = useQueryClient()
  useEffect(
    () => () => {
      if (wasDeleted(queryClient, id)) forgetCommunity(queryClient, id)
    },
    [queryClient, id],
  )
}
