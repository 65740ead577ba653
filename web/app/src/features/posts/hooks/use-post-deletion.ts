import { useCallback, useRef, useState } from 'react'

import { focusFirst, neighbourOf } from '@/lib/focus'

import { useDeletePost } from '../api/delete-post'
import type { FeedPost } from '../types'

interface PostDeletionOptions {
  /** Replaces the success toast's description (see useDeletePost). */
  deletedDescription?: string
  /** Runs once the delete is answered, whether it worked or not. */
  onSettled?: () => void
}

/** A post card's element (PostCardView marks it), found by the post's id. */
export const postCardSelector = '[data-post-id]'

function cardOf(id: string): Element | null {
  return document.querySelector(`[data-post-id="${CSS.escape(id)}"]`)
}

/**
 * Deleting a post from a list of cards: a card's delete asks (`ask`, the
 * card's onDelete), DeletePostDialog confirms (`dialog`, its props). Closing
 * the dialog forgets the post; confirming deletes it and closes. Cancelled,
 * focus goes back to the card's menu button; confirmed, the card leaves
 * the list at once, and focus goes to the card that took its place (the
 * next one, else the one before), where the member reads on, or to the
 * screen's <main> when it was the last.
 */
export function usePostDeletion({ deletedDescription, onSettled }: PostDeletionOptions = {}) {
  const deletePost = useDeletePost(deletedDescription)
  const [pending, setPending] = useState<FeedPost | null>(null)
  // The card to focus once the confirmed post's card is gone; undefined while nothing was deleted.
  const neighbour = useRef<HTMLElement | null | undefined>(undefined)
  // One function for the list's whole life, so cards kept unchanged are not drawn again.
  const ask = useCallback((post: FeedPost) => {
    neighbour.current = undefined
    setPending(post)
  }, [])
  return {
    ask,
    dialog: {
      open: pending !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setPending(null)
      },
      onConfirm: () => {
        if (pending) {
          const card = cardOf(pending.id)
          neighbour.current = card ? neighbourOf(card, postCardSelector) : null
          deletePost.mutate(pending.id, { onSettled })
        }
        setPending(null)
      },
      onCloseAutoFocus: (event: Event) => {
        if (neighbour.current === undefined) return
        event.preventDefault()
        focusFirst(neighbour.current)
        neighbour.current = undefined
      },
    },
  }
}
