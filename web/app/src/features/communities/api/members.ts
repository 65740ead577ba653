import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { unwrap, unwrapEmpty, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { communitiesMessages as m } from '../messages'
import type { CommunityMember, MembershipStatus } from '../types'

import { communityKeys } from './community-keys'

/** GET /api/v1/communities/{id}/members?status=…, ordered by joined_at. */
export function useCommunityMembers(id: string, status: Exclude<MembershipStatus, 'rejected'>, enabled = true) {
  const client = useApiClient()
  return useQuery({
    queryKey: communityKeys.membersByStatus(id, status),
    queryFn: async (): Promise<CommunityMember[]> =>
      unwrap(
        `GET /api/v1/communities/${id}/members`,
        await client.GET('/api/v1/communities/{id}/members', { params: { path: { id }, query: { status } } }),
      ).items ?? [],
    enabled,
  })
}

export type MemberAction =
  | { kind: 'approve'; member: CommunityMember }
  | { kind: 'reject'; member: CommunityMember }
  | { kind: 'role'; member: CommunityMember; role: 'admin' | 'member' }
  | { kind: 'remove'; member: CommunityMember }

/**
 * The owner's member actions: approve or reject a request,
 * switch a member between member and admin, remove a member. Afterwards the
 * member lists and the community (its member count) are read again.
 */
export function useMemberAction(communityId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (action: MemberAction) => {
      const path = { id: communityId, memberId: action.member.id }
      const operation = `${action.kind} member ${action.member.id} of community ${communityId}`
      switch (action.kind) {
        case 'approve':
          unwrap(operation, await client.POST('/api/v1/communities/{id}/members/{memberId}/approve', { params: { path } }))
          return
        case 'reject':
          unwrap(operation, await client.POST('/api/v1/communities/{id}/members/{memberId}/reject', { params: { path } }))
          return
        case 'role':
          unwrap(
            operation,
            await client.PATCH('/api/v1/communities/{id}/members/{memberId}', {
              params: { path },
              body: { role: action.role },
            }),
          )
          return
        case 'remove':
          unwrapEmpty(operation, await client.DELETE('/api/v1/communities/{id}/members/{memberId}', { params: { path } }))
          return
      }
    },
    onError: () => {
      toast.error(m.errorTitle, { description: m.memberActionFailed })
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.members(communityId) }),
        queryClient.invalidateQueries({ queryKey: communityKeys.detail(communityId) }),
      ]),
  })
}
