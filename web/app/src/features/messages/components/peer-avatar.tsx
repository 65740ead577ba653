import { MemberAvatar } from '@/components/member-avatar'
import { cn } from '@/lib/utils'

import type { Conversation } from '../types'

/** The other participant's picture, or their initial: the copy of the picture its 40-pixel circle needs. */
export function PeerAvatar({ peer, className }: { peer: Conversation['peer']; className?: string }) {
  const name = peer.display_name || peer.handle
  return (
    <MemberAvatar
      aria-hidden="true"
      className={cn('size-10', className)}
      size={40}
      src={peer.avatar_url}
      variants={peer.avatar_variants}
      name={name}
    />
  )
}
