import { Clock, Eye, Plus, TrendingUp } from 'lucide-react'
import { useEffect, useState } from 'react'

import { Page } from '@/components/layout/page'
import { MemberAvatar } from '@/components/member-avatar'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryLoadFailed } from '@/components/load-failed'
import { Skeleton } from '@/components/ui/skeleton'
import { useSession } from '@/features/session'
import { cn } from '@/lib/utils'

import { useStories } from '../api/stories'
import { useStoriesLive } from '../hooks/use-stories-live'
import { storiesMessages as m } from '../messages'
import type { Story } from '../types'

import { CreateStoryDialog } from './create-story-dialog'
import { StoryViewer } from './story-viewer'

/** The time ages are measured from, moving on every minute. */
function useNow() {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const tick = setInterval(() => {
      setNow(Date.now())
    }, 60_000)
    return () => {
      clearInterval(tick)
    }
  }, [])
  return now
}

function StoryTile({ story, mine, now, onOpen }: { story: Story; mine: boolean; now: number; onOpen: () => void }) {
  const author = mine ? m.you : story.author.display_name
  // The button holds only the author's name, its name says what it does
  // with that name in it (WCAG 2.5.3); it stretches over the whole tile, so
  // the avatar beside it and the text, views and age below are part of what
  // a tap or click hits. The avatar stays outside it: its initial, drawn
  // under the picture, would be text of the button its name does not hold.
  return (
    <li
      data-viewed={story.viewed}
      className={cn(
        'relative grid aspect-[3/4] content-between rounded-xl bg-gradient-to-br from-primary/15 to-accent p-3 ring-offset-2 ring-offset-background',
        story.viewed ? 'ring-2 ring-muted-foreground/40' : 'ring-[3px] ring-primary',
      )}
    >
      <div className="flex min-w-0 items-center gap-2">
        <MemberAvatar
          aria-hidden="true"
          size={32}
          src={story.author.avatar_url}
          variants={story.author.avatar_variants}
          name={story.author.display_name}
        />
        <button
          type="button"
          aria-label={mine ? m.openOwn : m.open(story.author.display_name)}
          onClick={onOpen}
          className="min-w-0 truncate text-left text-sm font-medium outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring"
        >
          {author}
        </button>
      </div>
      <p className="line-clamp-4 text-sm wrap-anywhere">{story.text}</p>
      <p className="flex items-center justify-between text-xs text-muted-foreground">
        {story.view_count === null ? (
          <span />
        ) : (
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="size-3" />
            {m.views(story.view_count)}
          </span>
        )}
        <span>{m.age(story.created_at, now)}</span>
      </p>
      {story.viewed && !mine ? <span className="sr-only">{m.viewed}</span> : null}
    </li>
  )
}

function Trending({ stories, ids, viewerId, onOpen }: { stories: Story[]; ids: string[]; viewerId: string; onOpen: (id: string) => void }) {
  const top = ids.flatMap((id) => stories.filter((s) => s.id === id))
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TrendingUp aria-hidden="true" className="size-5 text-primary" />
          {m.trendingTitle}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {top.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.noTrending}</p>
        ) : (
          <ol className="grid gap-3">
            {top.map((story, index) => (
              <li key={story.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 text-left"
                  onClick={() => {
                    onOpen(story.id)
                  }}
                >
                  <span className="w-5 text-sm font-bold text-primary">{index + 1}</span>
                  <span className="flex-1 truncate text-sm font-medium">
                    {story.author_id === viewerId ? m.you : story.author.display_name}
                  </span>
                  <span className="max-w-[50%] truncate text-xs text-muted-foreground">
                    {story.view_count === null ? story.text : m.views(story.view_count)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

function Stories({ userId }: { userId: string }) {
  const stories = useStories()
  const now = useNow()
  const [creating, setCreating] = useState(false)
  const [openId, setOpenId] = useState<string | null>(null)
  useStoriesLive(userId)

  const items = stories.data?.items ?? []
  const index = openId === null ? -1 : items.findIndex((s) => s.id === openId)

  return (
    <Page title={m.title}>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <li>
          <button
            type="button"
            onClick={() => {
              setCreating(true)
            }}
            className="grid aspect-[3/4] w-full place-content-center justify-items-center gap-2 rounded-xl border-2 border-dashed text-sm font-medium text-muted-foreground hover:border-primary hover:text-primary"
          >
            <Plus aria-hidden="true" className="size-6" />
            {m.createStory}
          </button>
        </li>
        {stories.isPending
          ? [0, 1, 2].map((n) => (
              <li key={n}>
                <Skeleton className="aspect-[3/4] rounded-xl" />
              </li>
            ))
          : items.map((story) => (
              <StoryTile
                key={story.id}
                story={story}
                mine={story.author_id === userId}
                now={now}
                onOpen={() => {
                  setOpenId(story.id)
                }}
              />
            ))}
      </ul>
      {stories.isError ? (
        <QueryLoadFailed query={stories} message={m.loadError} retryLabel={m.retry} />
      ) : null}
      {stories.isSuccess && items.length === 0 ? <p className="text-center text-sm text-muted-foreground">{m.empty}</p> : null}
      <Trending stories={items} ids={stories.data?.trending ?? []} viewerId={userId} onOpen={setOpenId} />
      <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Clock aria-hidden="true" className="size-4" />
        {m.disappearNote}
      </p>
      <CreateStoryDialog open={creating} onOpenChange={setCreating} />
      <StoryViewer
        stories={items}
        index={index < 0 ? null : index}
        onIndexChange={(to) => {
          setOpenId(to === null ? null : (items[to]?.id ?? null))
        }}
        viewerId={userId}
        now={now}
      />
    </Page>
  )
}

/** /stories: the stories screen, fed by the stories plugin. */
export function StoriesScreen() {
  const { status, user } = useSession()
  // The access guard keeps 'loading' from reaching here; say nothing meanwhile.
  if (status === 'loading') return null
  if (!user) return <p className="py-12 text-center text-muted-foreground">{m.loggedOut}</p>
  return <Stories userId={user.id} />
}
