import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useDeferredValue, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'

import { QueryLoadFailed } from '@/components/load-failed'
import { Page } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { DeletePostDialog, PostCard, PostCardSkeleton, postKeys, useDeletePost } from '@/features/posts'
import { useSession } from '@/features/session'
import { ApiError } from '@/lib/api'
import { afterFirstScreen, useMarkFirstScreenDrawn } from '@/lib/first-screen'
import { afterCommit, focusFirst } from '@/lib/focus'
import { REVOKED_EVENT, useRealtimeTopic } from '@/lib/realtime'
import { catchUpQueries } from '@/lib/react-query'

import { usePost } from '../api/get-post'
import { postMessages as m } from '../messages'

import { CommentForm } from './comment-form'
import { CommentThread, commentsHeadingId } from './comment-thread'

/** /post/:id — one post (the shared link) and its comment thread, kept live. */
export function PostScreen() {
  const { id = '' } = useParams()
  // A new id is a new page: its deleted flag and dialogs start over.
  return <PostPage key={id} id={id} />
}

function PostPage({ id }: { id: string }) {
  const { user } = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const post = usePost(id)
  const deletePost = useDeletePost()
  const [deleted, setDeleted] = useState(false)
  const [confirming, setConfirming] = useState(false)

  useRealtimeTopic(
    `post:${id}`,
    (event) => {
      if (event.type === 'post.deleted' || event.type === REVOKED_EVENT) setDeleted(true)
      else if (event.type === 'comment.created' || event.type === 'comment.deleted') {
        void queryClient.invalidateQueries({ queryKey: postKeys.comments(id) })
      } else if (event.type === 'post.updated') {
        void queryClient.invalidateQueries({ queryKey: postKeys.detail(id) })
      }
    },
    // Events may have been missed while the socket was down, or between the
    // first read and the subscription: read it all again, once the page is
    // drawn (the first read is what the member waits for).
    () => {
      afterFirstScreen(() => void catchUpQueries(queryClient, postKeys.post(id)))
    },
    { catchUp: true },
  )

  const notFound = deleted || (post.error instanceof ApiError && post.error.status === 404)
  // The post's card (its picture is the page's largest) is drawn as soon as
  // the post arrives. Its thread and comment form are the page's heaviest
  // work: they follow as a non-urgent update, which React splits into short
  // slices, so a phone does not freeze meanwhile.
  const threadReady = useDeferredValue(post.data) !== undefined
  const waiting = post.isPending
  useMarkFirstScreenDrawn(!waiting)

  let body
  if (notFound) {
    body = (
      <Card className="grid justify-items-center gap-3 p-8 text-center" role="status">
        <p className="font-medium">{m.notFound}</p>
        <Button asChild variant="outline">
          <Link to={paths.home}>{m.backToFeed}</Link>
        </Button>
      </Card>
    )
  } else if (waiting) {
    body = (
      <div role="status" aria-busy="true" aria-label={m.loadingPost}>
        <PostCardSkeleton />
      </div>
    )
  } else if (post.isError) {
    body = (
      <Card>
        <QueryLoadFailed query={post} message={m.loadFailed} retryLabel={m.retry} />
      </Card>
    )
  } else {
    body = (
      <>
        <PostCard
          post={post.data}
          isOwn={post.data.author_id === user?.id}
          mediaPriority
          onDelete={() => {
            setConfirming(true)
          }}
        />
        <section aria-labelledby={commentsHeadingId} className="grid gap-4">
          <h2 id={commentsHeadingId} className="text-lg font-semibold">
            {m.commentsTitle}
          </h2>
          {threadReady ? (
            <>
              <CommentForm postId={id} />
              <CommentThread postId={id} />
            </>
          ) : (
            <div role="status" aria-busy="true" aria-label={m.loadingComments} className="h-24" />
          )}
        </section>
        <DeletePostDialog
          open={confirming}
          onOpenChange={setConfirming}
          onConfirm={() => {
            setConfirming(false)
            deletePost.mutate(id, {
              onSuccess: () => {
                // The feed's <main> takes focus: the card whose menu opened the dialog is gone.
                void navigate(paths.home)
                afterCommit(() => {
                  focusFirst()
                })
              },
            })
          }}
        />
      </>
    )
  }

  return (
    <section className="grid gap-6">
      <div>
        <BackButton />
      </div>
      <Page title={m.title}>
        <div className="grid max-w-2xl gap-6">{body}</div>
      </Page>
    </section>
  )
}

/**
 * 'Voltar': to the page the member came from (the feed, a profile, search
 * results, a notification), or to the feed when the shared link opened
 * this page first and there is nothing of ours to go back to.
 */
function BackButton() {
  const navigate = useNavigate()
  const location = useLocation()
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => {
        if (location.key === 'default') void navigate(paths.home)
        else void navigate(-1)
      }}
    >
      <ArrowLeft aria-hidden="true" />
      {m.back}
    </Button>
  )
}
