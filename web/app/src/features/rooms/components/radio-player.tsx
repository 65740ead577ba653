import { Pause, Play, Radio } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'

import { RADIO_AUTOPLAY_MS, RADIO_RETRY_AFTER_END_MS, RADIO_RETRY_AFTER_ERROR_MS } from '../constants'
import { roomsMessages as m } from '../messages'

/**
 * A live radio room's player: it starts about 1 s
 * after load, anyone may play or pause, a stream error reloads and replays
 * after 3 s and an ended stream replays after 2 s.
 */
export function RadioPlayer({ src }: { src: string }) {
  const audio = useRef<HTMLAudioElement>(null)
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())
  const [playing, setPlaying] = useState(false)
  const [failed, setFailed] = useState(false)
  const retrying = useRef(false)

  const play = () => {
    const element = audio.current
    if (!element) return
    void Promise.resolve(element.play()).catch((error: unknown) => {
      // Browsers may refuse to autoplay (the button stays 'Reproduzir'), and a
      // pause cuts a pending play short; anything else is a stream failure.
      const name = error instanceof DOMException ? error.name : ''
      if (name !== 'NotAllowedError' && name !== 'AbortError') retryAfterError()
    })
  }

  /** On a stream error the stream reloads and replays after 3 s (one retry pending at a time). */
  const retryAfterError = () => {
    setPlaying(false)
    setFailed(true)
    if (retrying.current) return
    retrying.current = true
    later(RADIO_RETRY_AFTER_ERROR_MS, () => {
      retrying.current = false
      audio.current?.load()
      play()
    })
  }

  const later = (delay: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer)
      action()
    }, delay)
    timers.current.add(timer)
  }

  const autoplay = useEffectEvent(play)
  useEffect(() => {
    const pending = timers.current
    const timer = setTimeout(() => {
      autoplay()
    }, RADIO_AUTOPLAY_MS)
    return () => {
      clearTimeout(timer)
      for (const t of pending) clearTimeout(t)
      pending.clear()
    }
  }, [src])

  return (
    <div className="grid gap-3">
      <audio
        ref={audio}
        src={src}
        preload="none"
        data-testid="room-audio"
        onPlay={() => {
          setPlaying(true)
        }}
        onPlaying={() => {
          setFailed(false)
        }}
        onPause={() => {
          setPlaying(false)
        }}
        onError={retryAfterError}
        onEnded={() => {
          setPlaying(false)
          later(RADIO_RETRY_AFTER_END_MS, play)
        }}
      />
      <div className="flex items-center gap-3">
        <Button
          type="button"
          size="icon"
          aria-label={playing ? m.pause : m.play}
          onClick={() => {
            if (playing) audio.current?.pause()
            else play()
          }}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <div className="grid min-w-0 gap-0.5">
          <span className="flex items-center gap-1.5 text-sm font-medium text-red-600 dark:text-red-400">
            <Radio aria-hidden="true" className="size-4" />
            {m.live}
          </span>
          {failed ? (
            <span role="alert" className="text-sm text-destructive">
              {m.radioFailed}
            </span>
          ) : (
            <span role="status" className="text-sm text-muted-foreground">
              {playing ? m.radioPlaying : m.paused}
            </span>
          )}
        </div>
      </div>
    </div>
  )
}
