import { Pause, Play, Radio } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'

import { RADIO_AUTOPLAY_MS, RADIO_RETRY_AFTER_END_MS, RADIO_RETRY_AFTER_ERROR_MS } from '../constants'
import { roomsMessages as m } from '../messages'

/**
 * A live radio room's player (spec 001 §4 'Playback'): it starts about 1 s
 * after load, anyone may play or pause, a stream error reloads and replays
 * after 3 s and an ended stream replays after 2 s.
 */
export function RadioPlayer({ src }: { src: string }) {
  const audio = useRef<HTMLAudioElement>(null)
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())
  const [playing, setPlaying] = useState(false)

  const play = () => {
    const element = audio.current
    if (!element) return
    // Browsers may refuse to autoplay; the button stays 'Reproduzir'.
    void Promise.resolve(element.play()).catch(() => undefined)
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
        onPause={() => {
          setPlaying(false)
        }}
        onError={() => {
          setPlaying(false)
          later(RADIO_RETRY_AFTER_ERROR_MS, () => {
            audio.current?.load()
            play()
          })
        }}
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
        <div className="grid gap-0.5">
          <span className="flex items-center gap-1.5 text-sm font-medium text-red-600 dark:text-red-400">
            <Radio aria-hidden="true" className="size-4" />
            {m.live}
          </span>
          <span role="status" className="text-sm text-muted-foreground">
            {playing ? m.radioPlaying : m.paused}
          </span>
        </div>
      </div>
    </div>
  )
}
