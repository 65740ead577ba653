import { Button } from '@/components/ui/button'

import { useJoinCommunity, useLeaveCommunity } from '../api/membership'
import type { MembershipView } from '../membership-view'
import { communitiesMessages as m } from '../messages'
import type { Community } from '../types'

interface MembershipButtonProps {
  community: Community
  view: MembershipView
  /** The list's smaller buttons; the community's page has the default size. */
  size?: 'sm'
  /** What the button reads where it stands; no owner label, no button for the owner. */
  labels: { pending: string; leave: string; owner: string | null }
}

/**
 * Join, ask to join, or leave a community, by where the signed-in member stands. While the call runs the button is
 * busy, not disabled: it keeps the focus of a member who pressed it from the keyboard (a disabled button would drop
 * it to <body>), says it is working, and ignores further presses.
 */
export function MembershipButton({ community, view, size, labels }: MembershipButtonProps) {
  const join = useJoinCommunity()
  const leave = useLeaveCommunity()
  const busy = join.isPending || leave.isPending

  switch (view) {
    case 'owner':
      return labels.owner === null ? null : (
        <Button size={size} variant="secondary" disabled>
          {labels.owner}
        </Button>
      )
    case 'signed-out':
      return (
        <Button size={size} disabled>
          {m.join}
        </Button>
      )
    case 'pending':
      return (
        <Button size={size} variant="secondary" disabled>
          {labels.pending}
        </Button>
      )
    case 'member':
      return (
        <Button
          size={size}
          variant="outline"
          busy={busy}
          onClick={() => {
            leave.mutate(community)
          }}
        >
          {labels.leave}
        </Button>
      )
    case 'none':
      return (
        <Button
          size={size}
          busy={busy}
          onClick={() => {
            join.mutate(community)
          }}
        >
          {community.privacy === 'closed' ? m.request : m.join}
        </Button>
      )
  }
}
