import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { cn } from '@/lib/utils'

import type { Conversation } from '../types'

/** The other participant's picture, or their initial. */
export function PeerAvatar({ peer, className }: { peer: Conversation['peer']; className?: string }) {
  const name = peer.display_name || peer.handle
  return (
    <Avatar aria-hidden="true" className={cn('size-10', className)}>
      {peer.avatar_url ? <AvatarImage src={peer.avatar_url} alt="" /> : null}
      <AvatarFallback>{name.slice(0, 1).toUpperCase()}</AvatarFallback>
    </Avatar>
  )
}
