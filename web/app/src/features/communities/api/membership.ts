import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { feedKeys } from '@/features/posts'
import { unwrap, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { communitiesMessages as m } from '../messages'
import type { Community } from '../types'

import { updateCachedCommunity } from './community-cache'

/**
 * POST /api/v1/communities/{id}/join:
 * open communities approve at once, closed ones leave the request pending.
 */
export function useJoinCommunity() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (community: Community) =>
      unwrap(
        `POST /api/v1/communities/${community.id}/join`,
        await client.POST('/api/v1/communities/{id}/join', { params: { path: { id: community.id } } }),
      ),
    onSuccess: ({ membership, member_count }, community) => {
      updateCachedCommunity(queryClient, community.id, (cached) => ({ ...cached, membership, member_count }))
      toast.success(membership?.status === 'approved' ? m.joined : m.requested)
    },
    onError: () => {
      toast.error(m.joinFailed)
    },
  })
}

/** DELETE /api/v1/communities/{id}/membership: leave, or take a pending request back. */
export function useLeaveCommunity() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (community: Community) =>
      unwrap(
        `DELETE /api/v1/communities/${community.id}/membership`,
        await client.DELETE('/api/v1/communities/{id}/membership', { params: { path: { id: community.id } } }),
      ),
    onSuccess: ({ member_count }, community) => {
      updateCachedCommunity(queryClient, community.id, (cached) => ({ ...cached, membership: null, member_count }))
      queryClient.removeQueries({ queryKey: feedKeys.audience(community.id) })
      toast.success(m.left)
    },
    onError: () => {
      toast.error(m.leaveFailed)
    },
  })
}
