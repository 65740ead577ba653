import { Clock, Eye, Plus, TrendingUp } from 'lucide-react'

import { Page } from '@/components/layout/page'
import { Avatar, AvatarFallback } from '@/components/ui/avatar'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useSession } from '@/features/session'
import { cn } from '@/lib/utils'

import { storiesMessages as m, type SampleStory } from '../messages'

function StoryTile({ story }: { story: SampleStory }) {
  return (
    <li
      data-viewed={story.viewed}
      className={cn(
        'grid aspect-[3/4] content-between rounded-xl bg-gradient-to-br from-primary/15 to-accent p-3',
        story.viewed && 'ring-2 ring-muted-foreground/40 ring-offset-2 ring-offset-background',
      )}
    >
      <div className="flex items-center gap-2">
        <Avatar aria-hidden="true">
          <AvatarFallback>{story.author.slice(0, 1)}</AvatarFallback>
        </Avatar>
        <span className="truncate text-sm font-medium">{story.author}</span>
      </div>
      <p className="text-sm">{story.preview}</p>
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <Eye aria-hidden="true" className="size-3" />
          {m.views(story.views)}
        </span>
        <span>{m.age(story.ageHours)}</span>
      </div>
      {story.viewed ? <span className="sr-only">{m.viewed}</span> : null}
    </li>
  )
}

/** /stories — spec 001's placeholder: a tile, three fixed samples, a top-3. */
export function StoriesScreen() {
  const { status, user } = useSession()
  // The access guard keeps 'loading' from reaching here; say nothing meanwhile.
  if (status === 'loading') return null
  if (!user) return <p className="py-12 text-center text-muted-foreground">{m.loggedOut}</p>

  const trending = [...m.samples].sort((a, b) => b.views - a.views).slice(0, 3)

  return (
    <Page title={m.title}>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <li className="grid aspect-[3/4] place-content-center justify-items-center gap-2 rounded-xl border-2 border-dashed text-sm font-medium text-muted-foreground">
          <Plus aria-hidden="true" className="size-6" />
          {m.createStory}
        </li>
        {m.samples.map((story) => (
          <StoryTile key={story.id} story={story} />
        ))}
      </ul>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <TrendingUp aria-hidden="true" className="size-5 text-primary" />
            {m.trendingTitle}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-3">
            {trending.map((story, index) => (
              <li key={story.id} className="flex items-center gap-3">
                <span className="w-5 text-sm font-bold text-primary">{index + 1}</span>
                <span className="flex-1 truncate text-sm font-medium">{story.author}</span>
                <span className="text-xs text-muted-foreground">{m.views(story.views)}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Clock aria-hidden="true" className="size-4" />
        {m.disappearNote}
      </p>
    </Page>
  )
}
