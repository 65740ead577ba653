import { ChevronLeft, ChevronRight, Eye, Trash2 } from 'lucide-react'
import { useEffect } from 'react'
import { toast } from '@/lib/toast'

import { MemberAvatar } from '@/components/member-avatar'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'

import { useDeleteStory, useStoryViewers, useViewStory } from '../api/stories'
import { storiesMessages as m } from '../messages'
import type { Story } from '../types'

interface StoryViewerProps {
  stories: Story[]
  /** The open story's position in `stories`, or null when closed. */
  index: number | null
  onIndexChange: (index: number | null) => void
  viewerId: string
  now: number
}

function Viewers({ story }: { story: Story }) {
  const viewers = useStoryViewers(story.id, true)
  const list = viewers.data ?? []
  return (
    <section aria-label={m.viewersTitle} className="grid gap-2 text-sm">
      <h3 className="inline-flex items-center gap-1 font-medium">
        <Eye aria-hidden="true" className="size-4" />
        {m.views(story.view_count ?? 0)}
      </h3>
      {viewers.isSuccess && list.length === 0 ? <p className="text-white/70">{m.noViewers}</p> : null}
      <ul className="flex flex-wrap gap-2">
        {list.map((v) => (
          <li key={v.profile.id} className="rounded-full bg-white/15 px-2 py-0.5">
            {v.profile.display_name}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The full-screen viewer: one story at a time, previous and next (buttons or
 * the arrow keys). Opening someone else's story records the view.
 */
export function StoryViewer({ stories, index, onIndexChange, viewerId, now }: StoryViewerProps) {
  const story = index === null ? undefined : stories[index]
  const view = useViewStory()
  const remove = useDeleteStory()
  const { mutate: markViewed } = view
  const mine = story?.author_id === viewerId
  const storyId = story?.id
  const seen = story?.viewed ?? true

  useEffect(() => {
    if (storyId && !seen) markViewed(storyId)
  }, [storyId, seen, markViewed])

  if (index === null || !story) return null
  const hasPrevious = index > 0
  const hasNext = index < stories.length - 1
  const go = (to: number) => {
    onIndexChange(to)
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onIndexChange(null)
      }}
    >
      <DialogContent
        closeLabel={m.close}
        className="h-svh max-h-svh w-screen max-w-none rounded-none border-0 bg-gradient-to-br from-violet-700 to-fuchsia-600 p-6 text-white sm:max-w-none"
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft' && hasPrevious) go(index - 1)
          if (event.key === 'ArrowRight' && hasNext) go(index + 1)
        }}
      >
        <div className="mx-auto grid h-full w-full max-w-lg grid-rows-[auto_1fr_auto] gap-6">
          <header className="flex items-center gap-3 pr-8">
            <MemberAvatar
              size={32}
              eager
              src={story.author.avatar_url}
              variants={story.author.avatar_variants}
              name={story.author.display_name}
              fallbackClassName="text-foreground"
            />
            <div className="grid">
              <DialogTitle className="text-base text-white">{m.viewerTitle(story.author.display_name)}</DialogTitle>
              <DialogDescription className="text-xs text-white/80">
                {m.age(story.created_at, now)} · {m.position(index + 1, stories.length)}
              </DialogDescription>
            </div>
          </header>
          <p className="self-center text-center text-2xl font-semibold wrap-anywhere whitespace-pre-wrap">{story.text}</p>
          <footer className="grid gap-4">
            {mine ? <Viewers story={story} /> : null}
            <div className="flex items-center justify-between gap-2">
              <Button
                variant="secondary"
                disabled={!hasPrevious}
                onClick={() => {
                  go(index - 1)
                }}
              >
                <ChevronLeft aria-hidden="true" />
                {m.previous}
              </Button>
              {mine ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={m.delete}
                  disabled={remove.isPending}
                  onClick={() => {
                    remove.mutate(story.id, {
                      onSuccess: () => {
                        toast.success(m.deleted)
                        onIndexChange(null)
                      },
                      onError: () => { toast.error(m.deleteError); },
                    })
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
              <Button
                variant="secondary"
                disabled={!hasNext}
                onClick={() => {
                  go(index + 1)
                }}
              >
                {m.next}
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </footer>
        </div>
      </DialogContent>
    </Dialog>
  )
}
