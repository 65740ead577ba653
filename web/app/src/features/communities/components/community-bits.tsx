import { Lock } from 'lucide-react'

import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

import { communitiesMessages as m } from '../messages'
import { initialOf } from '../names'
import type { Community } from '../types'

/** The community's picture, or its initial. */
export function CommunityAvatar({ community, className }: { community: Community; className?: string }) {
  return (
    <Avatar className={cn('size-12', className)}>
      {community.avatar_url ? <AvatarImage src={community.avatar_url} alt="" /> : null}
      <AvatarFallback className="text-lg">{initialOf(community.name)}</AvatarFallback>
    </Avatar>
  )
}

/** The lock of a closed community, with its text for screen readers. */
export function ClosedLock({ community }: { community: Community }) {
  if (community.privacy !== 'closed') return null
  return (
    <span className="inline-flex text-muted-foreground" title={m.closedLabel}>
      <Lock aria-hidden="true" className="size-4" />
      <span className="sr-only">{m.closedLabel}</span>
    </span>
  )
}

export function PrivacyBadge({ community }: { community: Community }) {
  return (
    <Badge variant={community.privacy === 'closed' ? 'secondary' : 'outline'}>
      {community.privacy === 'closed' ? m.privateBadge : m.openBadge}
    </Badge>
  )
}
