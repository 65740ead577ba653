import type { Community } from './types'

/** Where the signed-in member stands. */
export type MembershipView = 'signed-out' | 'none' | 'pending' | 'owner' | 'member'

/**
 * Both the list and the detail screen compare to 'approved', so an approved
 * member always gets 'Sair'. A rejected request counts as no membership.
 */
export function membershipView(community: Community, userId: string | undefined): MembershipView {
  if (!userId) return 'signed-out'
  if (community.owner_id === userId || community.membership?.role === 'owner') return 'owner'
  switch (community.membership?.status) {
    case 'pending':
      return 'pending'
    case 'approved':
      return 'member'
    default:
      return 'none'
  }
}

/** Approved members and the owner see and write posts. */
export function canSeePosts(view: MembershipView): boolean {
  return view === 'owner' || view === 'member'
}
