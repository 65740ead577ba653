import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { LoadFailed, QueryLoadFailed } from '@/components/load-failed'
import { Placeholders } from '@/components/placeholders'
import { WindowedList } from '@/components/windowed-list'
import { LoadMore } from '@/components/load-more'
import { DeletePostDialog, PostCard, PostCardSkeleton, usePostDeletion } from '@/features/posts'
import { useSession } from '@/features/session'

import { profilePostsKeys, useProfilePosts } from '../api/list-profile-posts'
import { profileMessages as m } from '../messages'

/** Placeholder cards while the first page loads. */
const PLACEHOLDER_COUNT = 3
/** Cards drawn with the list's first paint, under the page's header; the rest as they come near. */
const FIRST_PAINT_CARDS = 2
/** A text card's height on a phone, for the cards not drawn yet. */
const ESTIMATED_CARD_HEIGHT = 256

/**
 * A member's posts, newest first, as the feed's cards (like, share,
 * translate, delete, report behave as there); more pages with 'Carregar
 * mais', pressed by itself when it scrolls into view.
 */
export function ProfilePosts({ handle }: { handle: string }) {
  const { user } = useSession()
  const queryClient = useQueryClient()
  const query = useProfilePosts(handle)
  // The delete takes the post out of this list at once (it shares the feed's
  // cache); reading the list again afterwards keeps it whole.
  const deletion = usePostDeletion({
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profilePostsKeys.list(handle) })
    },
  })

  const { error } = query
  useEffect(() => {
    if (error) console.error('profile posts fetch failed', error)
  }, [error])

  let content
  if (query.isPending) {
    content = (
      <Placeholders label={m.postsLoading} count={PLACEHOLDER_COUNT} busy className="grid gap-4">
        <PostCardSkeleton />
      </Placeholders>
    )
  } else if (query.isError && !query.isFetchNextPageError) {
    content = (
      <QueryLoadFailed query={query} message={m.postsFailed} retryLabel={m.retry} className="py-6" />
    )
  } else {
    const posts = query.data.pages.flatMap((page) => page.items ?? [])
    content =
      posts.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{m.noPosts}</p>
      ) : (
        <div className="grid gap-4">
          <WindowedList
            className="grid gap-4"
            items={posts}
            itemKey={(post) => post.id}
            estimatedHeight={ESTIMATED_CARD_HEIGHT}
            initialCount={FIRST_PAINT_CARDS}
            renderItem={(post) => <PostCard post={post} isOwn={post.author_id === user?.id} onDelete={deletion.ask} />}
          />
          {query.isFetchNextPageError ? (
            <LoadFailed
              message={m.postsFailed}
              retryLabel={m.retry}
              retrying={query.isFetchingNextPage}
              onRetry={() => void query.fetchNextPage()}
              className="py-6"
            />
          ) : query.hasNextPage ? (
            <LoadMore
              loading={query.isFetchingNextPage}
              onLoad={() => {
                if (!query.isFetchingNextPage) void query.fetchNextPage()
              }}
            >
              {query.isFetchingNextPage ? m.loadingMore : m.loadMore}
            </LoadMore>
          ) : null}
        </div>
      )
  }

  return (
    <>
      {content}
      <DeletePostDialog {...deletion.dialog} />
    </>
  )
}
