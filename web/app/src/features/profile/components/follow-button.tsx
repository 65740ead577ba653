import { UserCheck, UserPlus } from 'lucide-react'

import { Button } from '@/components/ui/button'

import { useToggleFollow } from '../hooks/use-toggle-follow'
import { profileMessages as m } from '../messages'
import type { Profile } from '../types'

/** 'Follow' / 'Unfollow' on another member's profile; busy while the call runs, keeping focus for the next press. */
export function FollowButton({ profile }: { profile: Profile }) {
  const toggle = useToggleFollow()
  const following = profile.is_following
  return (
    <Button
      variant={following ? 'outline' : 'default'}
      aria-pressed={following}
      busy={toggle.isPending}
      onClick={() => {
        toggle.mutate({ handle: profile.handle, wasFollowing: following })
      }}
    >
      {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {following ? m.unfollow : m.follow}
    </Button>
  )
}
