import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { updateCachedPost } from '../api/feed-cache'
import { likePost } from '../api/like-post'
import { unlikePost } from '../api/unlike-post'
import { postsMessages as m } from '../messages'

interface Toggle {
  id: string
  /** The state before the click. */
  wasLiked: boolean
}

function applyLike(liked: boolean) {
  return <T extends { is_liked: boolean; like_count: number }>(post: T): T => ({
    ...post,
    is_liked: liked,
    like_count: Math.max(0, post.like_count + (liked ? 1 : -1)),
  })
}

/** Like: flag and count change at once (never below 0), reverted on failure. */
export function useToggleLike() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, wasLiked }: Toggle) => (wasLiked ? unlikePost(client, id) : likePost(client, id)),
    onMutate: ({ id, wasLiked }) => {
      updateCachedPost(queryClient, id, applyLike(!wasLiked))
    },
    onError: (_error, { id, wasLiked }) => {
      updateCachedPost(queryClient, id, applyLike(wasLiked))
      toast.error(m.errorTitle, { description: m.likeFailed })
    },
    onSuccess: (state, { id }) => {
      updateCachedPost(queryClient, id, (post) => ({ ...post, ...state }))
    },
  })
}
