import type { MembershipStatus } from '../types'

/** Query keys of the communities reads, all under ['communities']. */
export const communityKeys = {
  all: ['communities'] as const,
  lists: ['communities', 'list'] as const,
  list: (query: string) => ['communities', 'list', query] as const,
  detail: (id: string) => ['communities', 'detail', id] as const,
  members: (id: string) => ['communities', 'members', id] as const,
  membersByStatus: (id: string, status: MembershipStatus) => ['communities', 'members', id, status] as const,
  /** The deletions' mutation key (not a query): the variables name the community. */
  deletion: ['communities', 'delete'] as const,
}
