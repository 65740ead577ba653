import { Lock } from 'lucide-react'

import { MemberAvatar } from '@/components/member-avatar'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

import { communitiesMessages as m } from '../messages'
import { initialOf } from '../names'
import type { Community } from '../types'

/** The community's picture, or its initial; `size` is its side in CSS pixels, `className` the size-* class that draws it. */
export function CommunityAvatar({
  community,
  className,
  size = 48,
}: {
  community: Community
  className?: string
  size?: number
}) {
  return (
    <MemberAvatar
      className={cn('size-12', className)}
      src={community.avatar_url}
      variants={community.avatar_variants}
      name={community.name}
      initial={initialOf(community.name)}
      fallbackClassName="text-lg"
      size={size}
    />
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
