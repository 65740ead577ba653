import { Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { Link } from 'react-router'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { RichText } from '@/components/rich-text'
import { MemberAvatar } from '@/components/member-avatar'
import { NextPageButton } from '@/components/next-page-button'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { AuthorLinks, WrittenAgo } from '@/features/posts'
import { focusFirst, neighbourOf } from '@/lib/focus'

import { useComments, useDeleteComment } from '../api/comments'
import type { Comment } from '../types'
import { postMessages as m } from '../messages'

/** The id of the comments' heading, where focus goes when the last comment is deleted. */
export const commentsHeadingId = 'comments-heading'

const commentSelector = '[data-comment-id]'

/**
 * The post's comments, oldest first, with 'Carregar mais comentários' over
 * the cursor. A confirmed delete moves focus at once to the comment that
 * takes its place (the next, else the one before, else the heading): the
 * deleted one leaves the list when the server answers, and its button, to
 * which the dialog would hand focus back, with it.
 */
export function CommentThread({ postId }: { postId: string }) {
  const comments = useComments(postId)
  const remove = useDeleteComment(postId)
  const [pending, setPending] = useState<Comment | null>(null)
  const neighbour = useRef<HTMLElement | null | undefined>(undefined)
  const items = comments.data?.pages.flatMap((page) => page.items ?? []) ?? []

  if (comments.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={m.loadingComments} className="grid gap-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    )
  }
  if (comments.isError && items.length === 0) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {m.commentsFailed}
      </p>
    )
  }
  return (
    <div className="grid gap-3">
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.noComments}</p>
      ) : (
        <ol aria-label={m.commentsTitle} className="grid gap-3">
          {items.map((comment) => (
            <CommentItem key={comment.id} comment={comment} onDelete={setPending} />
          ))}
        </ol>
      )}
      <NextPageButton pages={comments} className="justify-self-center">
        {m.loadMoreComments}
      </NextPageButton>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null)
        }}
        title={m.deleteCommentTitle}
        description={m.deleteCommentDescription}
        cancelLabel={m.cancel}
        confirmLabel={m.confirmDelete}
        onConfirm={() => {
          if (pending) {
            const item = document.querySelector(`[data-comment-id="${CSS.escape(pending.id)}"]`)
            neighbour.current = item ? neighbourOf(item, commentSelector) : null
            remove.mutate(pending.id)
          }
          setPending(null)
        }}
        onCloseAutoFocus={(event) => {
          if (neighbour.current === undefined) return
          event.preventDefault()
          focusFirst(neighbour.current, document.getElementById(commentsHeadingId))
          neighbour.current = undefined
        }}
        closeLabel={m.close}
      />
    </div>
  )
}

function CommentItem({ comment, onDelete }: { comment: Comment; onDelete: (comment: Comment) => void }) {
  const handle = comment.author.handle
  const name = comment.author.display_name || handle
  const profile = paths.userProfile(handle)
  return (
    <li>
      <article className="flex gap-3 rounded-lg border p-3" aria-label={name} data-comment-id={comment.id}>
        <Link to={profile} tabIndex={-1} aria-hidden="true">
          <MemberAvatar
            className="size-8"
            src={comment.author.avatar_url}
            variants={comment.author.avatar_variants}
            name={name}
            size={32}
          />
        </Link>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <AuthorLinks to={profile} name={name} handle={handle} small />
            <WrittenAgo at={comment.created_at} />
          </div>
          <RichText text={comment.text_content} className="text-sm" />
        </div>
        {comment.can_delete ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={m.deleteCommentLabel(name)}
            onClick={() => {
              onDelete(comment)
            }}
          >
            <Trash2 aria-hidden="true" />
            <span aria-hidden="true">{m.deleteComment}</span>
          </Button>
        ) : null}
      </article>
    </li>
  )
}
