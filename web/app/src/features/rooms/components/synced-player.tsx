import { Pause, Play } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Slider } from '@/components/ui/slider'
import { useRealtimeTopic } from '@/lib/realtime'

import { useSendPlayback } from '../api/room-live-data'
import { DEFAULT_TRACK_SECONDS } from '../constants'
import { field } from '../hooks/use-room-live'
import { roomsMessages as m } from '../messages'
import { trackTime } from '../time'
import type { PlaybackAction, RoomPlayback } from '../types'

/** Where the track is now, given where it was at `at` (ISO) and whether it moves on. */
function positionNow(position: number, playing: boolean, at: string | null | undefined): number {
  if (!playing || !at) return position
  const elapsed = (Date.now() - new Date(at).getTime()) / 1000
  return Number.isFinite(elapsed) && elapsed > 0 ? position + elapsed : position
}

interface SyncedPlayerProps {
  roomId: string
  src: string
  isHost: boolean
  playback: RoomPlayback | null
}

/**
 * A non-radio room's player: only the host plays,
 * pauses and seeks, each broadcast with the position (POST …/playback);
 * everyone else follows room.playback. At the end of the track it is paused
 * at 0 and the host broadcasts the pause. Without a known duration, 30 s.
 */
export function SyncedPlayer({ roomId, src, isHost, playback }: SyncedPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null)
  const send = useSendPlayback(roomId)
  const [playing, setPlaying] = useState(false)
  const [position, setPosition] = useState(() =>
    positionNow(playback?.position_seconds ?? 0, playback?.is_playing ?? false, playback?.position_at),
  )
  const [duration, setDuration] = useState(DEFAULT_TRACK_SECONDS)
  /** While the host drags the thumb, the time shown follows the thumb. */
  const [dragging, setDragging] = useState<number | null>(null)

  /**
   * The host's broadcasts go out one at a time, in order: sent at once, a
   * run of seeks (an arrow key held) could be applied by the server, and
   * reach the others, in any order, leaving them at an earlier position
   * than the host's. While one is on its way, a new seek replaces a seek
   * still waiting; a play or a pause is never dropped.
   */
  const waiting = useRef<{ action: PlaybackAction; position: number }[]>([])
  const sending = useRef(false)
  const sendNext = () => {
    const next = waiting.current.shift()
    if (!next) {
      sending.current = false
      return
    }
    sending.current = true
    send.mutateAsync(next).catch(() => undefined).finally(sendNext)
  }
  const broadcast = (action: PlaybackAction, at: number) => {
    if (!isHost) return
    const last = waiting.current.at(-1)
    if (action === 'seek' && last?.action === 'seek') waiting.current[waiting.current.length - 1] = { action, position: at }
    else waiting.current.push({ action, position: at })
    if (!sending.current) sendNext()
  }

  const start = () => {
    const element = audio.current
    if (!element) return
    void Promise.resolve(element.play()).catch(() => undefined)
  }

  // The state the room was in when the page opened.
  const resume = useEffectEvent(() => {
    const element = audio.current
    if (!element) return
    element.currentTime = position
    if (playback?.is_playing) start()
  })
  useEffect(() => {
    resume()
  }, [src])

  useRealtimeTopic(`room:${roomId}`, (event) => {
    if (event.type !== 'room.playback' || isHost) return
    const action = field(event.data, 'action')
    const seconds = field(event.data, 'position_seconds')
    const at = field(event.data, 'at')
    const element = audio.current
    if (!element || typeof seconds !== 'number') return
    const target = positionNow(seconds, action === 'play', typeof at === 'string' ? at : null)
    element.currentTime = target
    setPosition(target)
    if (action === 'play') start()
    else if (action === 'pause') element.pause()
  })

  const toggle = () => {
    const element = audio.current
    if (!element || !isHost) return
    const at = element.currentTime
    if (playing) {
      element.pause()
      broadcast('pause', at)
    } else {
      start()
      broadcast('play', at)
    }
  }

  const seek = (value: number) => {
    const element = audio.current
    setDragging(null)
    if (!element || !isHost) return
    element.currentTime = value
    setPosition(value)
    broadcast('seek', value)
  }

  const shown = dragging ?? position

  return (
    <div className="grid gap-3">
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        data-testid="room-audio"
        onPlay={() => {
          setPlaying(true)
        }}
        onPause={() => {
          setPlaying(false)
        }}
        onLoadedMetadata={(event) => {
          const known = event.currentTarget.duration
          setDuration(Number.isFinite(known) && known > 0 ? known : DEFAULT_TRACK_SECONDS)
        }}
        onTimeUpdate={(event) => {
          setPosition(event.currentTarget.currentTime)
        }}
        onEnded={(event) => {
          event.currentTarget.currentTime = 0
          setPlaying(false)
          setPosition(0)
          broadcast('pause', 0)
        }}
      />
      <div className="flex items-center gap-3">
        <Button
          type="button"
          size="icon"
          aria-label={playing ? m.pause : m.play}
          disabled={!isHost}
          onClick={toggle}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <span className="w-10 shrink-0 text-right text-xs text-muted-foreground tabular-nums">{trackTime(shown)}</span>
        <Slider
          thumbLabel={m.seek}
          valueText={`${trackTime(shown)} / ${trackTime(duration)}`}
          min={0}
          max={duration}
          step={1}
          value={[Math.min(shown, duration)]}
          disabled={!isHost}
          onValueChange={([value]) => {
            if (value !== undefined) setDragging(value)
          }}
          onValueCommit={([value]) => {
            if (value !== undefined) seek(value)
          }}
        />
        <span className="w-10 shrink-0 text-xs text-muted-foreground tabular-nums">{trackTime(duration)}</span>
      </div>
      {isHost ? null : <p className="text-sm text-muted-foreground">{m.hostOnly}</p>}
    </div>
  )
}
