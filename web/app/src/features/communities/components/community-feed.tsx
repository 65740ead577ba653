import { RefreshCw } from 'lucide-react'

import { LoadFailed } from '@/components/load-failed'
import { NextPageButton } from '@/components/next-page-button'
import { Placeholders } from '@/components/placeholders'
import { WindowedList } from '@/components/windowed-list'
import { Button } from '@/components/ui/button'
import { Composer, DeletePostDialog, PostCard, PostCardSkeleton, usePostDeletion } from '@/features/posts'
import { useSession } from '@/features/session'

import { useCommunityPosts, useCreateCommunityPost } from '../api/community-posts'
import { useCommunityLive } from '../hooks/use-community-live'
import { communitiesMessages as m } from '../messages'
import type { Community } from '../types'

/** Placeholder cards while the first page loads (ours). */
const PLACEHOLDER_COUNT = 3
/** Cards drawn with the list's first paint, under the page's header; the rest as they come near. */
const FIRST_PAINT_CARDS = 2
/** A text card's height on a phone, for the cards not drawn yet. */
const ESTIMATED_CARD_HEIGHT = 256

/**
 * The community's posts for approved members and the owner: the feed's composer posting here, the list with
 * refresh and the live 'Ver novos posts' banner, and the feed's own post
 * card (like, comments, share, translation, edit or report; the owner also
 * deletes anyone's post).
 */
export function CommunityFeed({ community, isOwner }: { community: Community; isOwner: boolean }) {
  const { user } = useSession()
  const posts = useCommunityPosts(community.id)
  const createPost = useCreateCommunityPost(community.id)
  const deletion = usePostDeletion({ deletedDescription: isOwner ? m.postDeletedDescription : undefined })
  const live = useCommunityLive(community.id, user?.id)

  const refresh = () => {
    live.clear()
    void posts.refetch()
  }

  let content
  if (posts.isPending) {
    content = (
      <Placeholders label={m.postsLoading} count={PLACEHOLDER_COUNT} busy className="grid gap-4">
        <PostCardSkeleton />
      </Placeholders>
    )
  } else if (posts.isError && !posts.isFetchNextPageError) {
    content = (
      <LoadFailed message={m.postsFailed} retryLabel={m.retry} retrying={posts.isFetching} onRetry={refresh} />
    )
  } else {
    const items = posts.data.pages.flatMap((page) => page.items)
    content =
      items.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{m.noPosts}</p>
      ) : (
        <div className="grid gap-4">
          <WindowedList
            className="grid gap-4"
            items={items}
            itemKey={(post) => post.id}
            estimatedHeight={ESTIMATED_CARD_HEIGHT}
            initialCount={FIRST_PAINT_CARDS}
            renderItem={(post) => (
              <PostCard post={post} isOwn={post.author_id === user?.id} canDelete={isOwner} onDelete={deletion.ask} />
            )}
          />
          {posts.isFetchNextPageError ? (
            <p role="alert" className="text-center text-sm text-muted-foreground">
              {m.postsFailed}
            </p>
          ) : null}
          <NextPageButton pages={posts} className="justify-self-center">
            {m.loadMore}
          </NextPageButton>
        </div>
      )
  }

  return (
    <div className="grid gap-4">
      <Composer mutation={createPost} />
      <section aria-labelledby={`community-posts-${community.id}`} className="grid gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={`community-posts-${community.id}`} className="text-lg font-semibold">
            {m.postsTitle}
          </h2>
          <Button variant="outline" size="icon" aria-label={m.refresh} onClick={refresh} disabled={posts.isFetching}>
            <RefreshCw aria-hidden="true" className={posts.isRefetching ? 'animate-spin' : undefined} />
          </Button>
        </div>
        {live.available ? (
          <Button variant="secondary" className="justify-self-center" onClick={refresh}>
            {m.newPosts}
          </Button>
        ) : null}
        {content}
      </section>
      <DeletePostDialog {...deletion.dialog} />
    </div>
  )
}
