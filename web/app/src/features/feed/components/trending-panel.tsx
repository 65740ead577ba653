import { Music, Pause, Play } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'

import { QueryLoadFailed } from '@/components/load-failed'
import { Placeholders } from '@/components/placeholders'
import { RowSkeleton } from '@/components/row-skeleton'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ApiError } from '@/lib/api'

import { useTrending } from '../api/list-trending'
import { feedMessages as m } from '../messages'

/** 6 placeholder cards while the chart loads. */
const PLACEHOLDER_COUNT = 6
/** The preview clip plays at 70 % volume. */
export const PREVIEW_VOLUME = 0.7

/**
 * The chart provider has not answered yet: GET /api/v1/trending says 503
 * `trending_unavailable` while no chart was ever fetched (after one good
 * fetch the stored chart keeps being served). Nothing for a member to act
 * on, so the panel stays out of sight instead of greeting them with an error.
 */
function providerDown(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.problem?.code === 'trending_unavailable'
}

/**
 * One clip plays at a time; hidden while the chart provider is down. When
 * our own server fails to answer, the panel says so and offers to read the
 * chart again.
 */
export function TrendingPanel() {
  const trending = useTrending()
  const audio = useRef<HTMLAudioElement | null>(null)
  const [playing, setPlaying] = useState<string | null>(null)

  const stop = () => {
    const current = audio.current
    audio.current = null
    if (current) {
      current.onended = null
      current.onerror = null
      current.pause()
    }
    setPlaying(null)
  }

  useEffect(
    () => () => {
      audio.current?.pause()
      audio.current = null
    },
    [],
  )

  const toggle = (id: string, url: string) => {
    const wasPlaying = playing === id
    stop()
    if (wasPlaying) return
    const clip = new Audio(url)
    clip.volume = PREVIEW_VOLUME
    clip.onended = stop
    clip.onerror = stop
    audio.current = clip
    setPlaying(id)
    void Promise.resolve(clip.play()).catch((error: unknown) => {
      console.warn('trending preview', id, error)
      if (audio.current === clip) stop()
    })
  }

  const items = trending.data?.items ?? []
  if (providerDown(trending.error)) return null

  return (
    <section aria-labelledby="trending-title" className="grid content-start gap-3">
      <h2 id="trending-title" className="flex items-center gap-2 font-semibold">
        <Music aria-hidden="true" className="size-4" />
        {m.trendingTitle}
      </h2>
      {trending.isPending ? (
        <Placeholders label={m.trendingLoading} count={PLACEHOLDER_COUNT} busy className="grid gap-2">
          <Card data-testid="trending-placeholder" className="flex-row items-center gap-3 p-2">
            <RowSkeleton pictureClassName="size-12" titleWidth="w-3/4" subtitleWidth="w-1/2" />
          </Card>
        </Placeholders>
      ) : trending.isError ? (
        <QueryLoadFailed query={trending} message={m.trendingFailed} retryLabel={m.trendingRetry} layout="inline" />
      ) : (
        <ul className="grid gap-2">
          {items.map((track) => (
            <li key={track.id}>
              <Card className="flex-row items-center gap-3 p-2">
                {track.albumArt ? (
                  <img
                    src={track.albumArt}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    className="size-12 shrink-0 rounded object-cover"
                  />
                ) : (
                  <div
                    data-testid="trending-cover-missing"
                    className="flex size-12 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground"
                  >
                    <Music aria-hidden="true" className="size-5" />
                  </div>
                )}
                <a
                  href={track.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="grid min-w-0 flex-1 hover:underline"
                >
                  {/* The name is the shown title and artist with the words around them (WCAG 2.5.3). */}
                  <span className="sr-only">{m.trendingOpen}</span>{' '}
                  <span className="truncate text-sm font-medium">{track.title}</span>{' '}
                  <span className="sr-only">{m.trendingBy}</span>{' '}
                  <span className="truncate text-xs text-muted-foreground">{track.artist}</span>
                </a>
                {track.previewUrl ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={playing === track.id ? m.trendingPause(track.title) : m.trendingPlay(track.title)}
                    aria-pressed={playing === track.id}
                    onClick={() => {
                      toggle(track.id, track.previewUrl)
                    }}
                  >
                    {playing === track.id ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                  </Button>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
