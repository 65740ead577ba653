import { useState } from 'react'

import { useDeletePost } from '../api/delete-post'
import type { FeedPost } from '../types'

interface PostDeletionOptions {
  /** Replaces the success toast's description (see useDeletePost). */
  deletedDescription?: string
  /** Runs once the delete is answered, whether it worked or not. */
  onSettled?: () => void
}

/**
 * Deleting a post from a list of cards: a card's delete asks (`ask`, the
 * card's onDelete), DeletePostDialog confirms (`dialog`, its props). Closing
 * the dialog forgets the post; confirming deletes it and closes.
 */
export function usePostDeletion({ deletedDescription, onSettled }: PostDeletionOptions = {}) {
  const deletePost = useDeletePost(deletedDescription)
  const [pending, setPending] = useState<FeedPost | null>(null)
  return {
    ask: setPending,
    dialog: {
      open: pending !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setPending(null)
      },
      onConfirm: () => {
        if (pending) deletePost.mutate(pending.id, { onSettled })
        setPending(null)
      },
    },
  }
}
