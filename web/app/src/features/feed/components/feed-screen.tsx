import { useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useDeferredValue, useEffect, useState } from 'react'
import { toast } from '@/lib/toast'

import { Page } from '@/components/layout/page'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Placeholders } from '@/components/placeholders'
import { WindowedList } from '@/components/windowed-list'
import {
  Composer,
  DeletePostDialog,
  feedKeys,
  FEED_MEDIA_SIZES,
  PostCard,
  PostCardSkeleton,
  usePostDeletion,
  type FeedAlgorithm,
  type FeedPost,
} from '@/features/posts'
import { useSession } from '@/features/session'
import { useMarkFirstScreenDrawn } from '@/lib/first-screen'

import { useFeed } from '../api/list-feed'
import { useNewPosts } from '../hooks/use-new-posts'
import { feedMessages as m } from '../messages'

import { FeedEmpty } from './feed-empty'
import { TrendingPanel } from './trending-panel'

/** 5 placeholder cards while loading. */
const PLACEHOLDER_COUNT = 5
/**
 * Cards drawn with the feed's first paint: what fills a phone's screen under
 * the composer. The rest are drawn as they come near, in short slices.
 */
const FIRST_PAINT_CARDS = 3
/** A text card's height on a phone, for the cards not drawn yet. */
const ESTIMATED_CARD_HEIGHT = 256

const postKey = (post: FeedPost) => post.id

const algorithms: { value: FeedAlgorithm; label: string }[] = [
  { value: 'ranked', label: m.ranked },
  { value: 'chronological', label: m.chronological },
  // Ours: the timeline of the members one follows (and one's own posts).
  { value: 'following', label: m.following },
]

/** The heading of each tab: it says which posts are listed. */
const titles: Record<FeedAlgorithm, string> = {
  ranked: m.titleRanked,
  chronological: m.title,
  following: m.titleFollowing,
}

/** / — the home feed: 'Últimos posts' on the default tab, each tab's own heading on the others. */
export function FeedScreen() {
  const { user } = useSession()
  const queryClient = useQueryClient()
  const [algorithm, setAlgorithm] = useState<FeedAlgorithm>('chronological')
  const feed = useFeed(algorithm)
  const newPosts = useNewPosts(user?.id)
  const deletion = usePostDeletion()

  const failed = feed.isError
  useEffect(() => {
    if (failed) toast.error(m.errorTitle, { description: m.loadFailed })
  }, [failed])

  /**
   * Refresh and 'Ver novos posts' read the shown tab again. The banner only
   * hears feed:public, so the other tabs' cached pages are marked stale too
   * (read again when shown) since the flag it clears concerned them as well.
   */
  const refresh = () => {
    newPosts.clear()
    void queryClient.invalidateQueries({
      queryKey: feedKeys.all,
      refetchType: 'none',
      predicate: (query) => query.queryKey[1] !== algorithm,
    })
    void feed.refetch()
  }

  // Drawing the cards is the screen's heaviest work. When the feed arrives
  // they are drawn as a non-urgent update, which React splits into short
  // slices once the rest of the screen is drawn, so a phone does not freeze
  // meanwhile; once drawn, a change (a like) shows at once.
  const arrived = useDeferredValue(feed.data) !== undefined
  const shown = arrived ? feed.data : undefined
  const posts = shown?.pages.flatMap((page) => page.items ?? []) ?? []
  // The first picture of the feed is a phone's largest paint: fetched at once, the others as they near the screen.
  const firstImage = posts.find((post) => post.type === 'image')?.id
  useMarkFirstScreenDrawn(shown !== undefined || failed)

  return (
    <Page
      title={titles[algorithm]}
      actions={
        <div className="flex items-center gap-2">
          <div role="group" aria-label={m.algorithmGroup} className="inline-flex rounded-md border p-0.5">
            {algorithms.map(({ value, label }) => (
              <Button
                key={value}
                size="sm"
                variant={algorithm === value ? 'secondary' : 'ghost'}
                aria-pressed={algorithm === value}
                onClick={() => {
                  setAlgorithm(value)
                }}
              >
                {label}
              </Button>
            ))}
          </div>
          <Button variant="outline" size="icon" aria-label={m.refresh} onClick={refresh} disabled={feed.isFetching}>
            <RefreshCw aria-hidden="true" className={feed.isRefetching ? 'animate-spin' : undefined} />
          </Button>
        </div>
      }
    >
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid content-start gap-4">
          <Composer />
          {newPosts.available ? (
            <Button variant="secondary" className="justify-self-center" onClick={refresh}>
              {m.newPosts}
            </Button>
          ) : null}
          {shown === undefined && !failed ? (
            <Placeholders label={m.loadingPosts} count={PLACEHOLDER_COUNT} busy className="grid gap-4">
              <PostCardSkeleton />
            </Placeholders>
          ) : posts.length === 0 && !failed ? (
            <FeedEmpty algorithm={algorithm} />
          ) : (
            <div className="grid gap-4">
              <WindowedList
                className="grid gap-4"
                items={posts}
                itemKey={postKey}
                estimatedHeight={ESTIMATED_CARD_HEIGHT}
                initialCount={FIRST_PAINT_CARDS}
                renderItem={(post) => (
                  <PostCard
                    post={post}
                    isOwn={post.author_id === user?.id}
                    onDelete={deletion.ask}
                    mediaPriority={post.id === firstImage}
                    mediaSizes={FEED_MEDIA_SIZES}
                  />
                )}
              />
              {feed.hasNextPage ? (
                <LoadMore
                  loading={feed.isFetchingNextPage}
                  onLoad={() => {
                    if (!feed.isFetchingNextPage) void feed.fetchNextPage()
                  }}
                >
                  {m.loadMore}
                </LoadMore>
              ) : null}
            </div>
          )}
        </div>
        <TrendingPanel />
      </div>
      <DeletePostDialog {...deletion.dialog} />
    </Page>
  )
}
