import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { ApiError, useApiClient } from '@/lib/api'
import { offerPush } from '@/lib/push-offer'
import { useMutation } from '@/lib/use-mutation'

import { followKeys, followProfile, unfollowProfile } from '../api/follows'
import { profilePostsKeys } from '../api/list-profile-posts'
import { profileKeys } from '../api/profile-keys'
import { profileMessages as m } from '../messages'
import type { Profile } from '../types'

interface Toggle {
  handle: string
  /** The state before the click. */
  wasFollowing: boolean
}

function applyFollow(following: boolean) {
  return (profile: Profile | undefined): Profile | undefined =>
    profile
      ? {
          ...profile,
          is_following: following,
          follower_count: Math.max(0, profile.follower_count + (following ? 1 : -1)),
        }
      : profile
}

/**
 * The button and the follower count (±1) change at
 * once; 'Seguindo' / 'Deixou de seguir' on success; on failure the old state
 * comes back with 'Erro' and the server's reason, or the generic text.
 */
export function useToggleFollow() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ handle, wasFollowing }: Toggle) =>
      wasFollowing ? unfollowProfile(client, handle) : followProfile(client, handle),
    onMutate: async ({ handle, wasFollowing }) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.byHandle(handle) })
      const previous = queryClient.getQueryData<Profile>(profileKeys.byHandle(handle))
      queryClient.setQueryData<Profile>(profileKeys.byHandle(handle), applyFollow(!wasFollowing))
      return { previous }
    },
    onError: (error, { handle }, context) => {
      if (context?.previous) queryClient.setQueryData(profileKeys.byHandle(handle), context.previous)
      const detail = error instanceof ApiError ? error.problem?.detail : undefined
      toast.error(m.errorTitle, { description: detail || m.followFailed })
    },
    onSuccess: (state, { handle }) => {
      queryClient.setQueryData<Profile>(profileKeys.byHandle(handle), (profile) =>
        profile ? { ...profile, is_following: state.following, follower_count: state.follower_count } : profile,
      )
      if (state.following) {
        toast.success(m.followed, { description: m.followedDescription(handle) })
        // Someone may follow back: a moment to offer notifications (once).
        offerPush()
      } else {
        toast.success(m.unfollowed, { description: m.unfollowedDescription(handle) })
      }
      // The lists and the viewer's own following count have changed too.
      void queryClient.invalidateQueries({ queryKey: followKeys.all })
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() })
      // Followers-only posts show to followers only: the member's list changes with it.
      void queryClient.invalidateQueries({ queryKey: profilePostsKeys.list(handle) })
    },
  })
}
