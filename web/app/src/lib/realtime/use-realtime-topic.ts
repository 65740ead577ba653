import { useContext, useEffect, useEffectEvent } from 'react'

import type { RealtimeEvent, SubscribeOptions } from './realtime-client'
import { RealtimeContext } from './realtime-context'

const noResync = () => undefined

export interface TopicOptions extends SubscribeOptions {
  /** Follow the topic only while true (default true). */
  enabled?: boolean
}

/**
 * Calls `onEvent` for every event on `topic` while mounted and `enabled`
 * (nothing while offline), and `onResync` after every reconnect, when events
 * may have been missed (the caller reads its state again over HTTP). With
 * `catchUp`, `onResync` also runs once the subscription first takes effect:
 * for a screen whose list must not miss what arrived between its read and
 * its subscription (a story, a message, a notification).
 *
 * `onResync` reads with `catchUpQueries` (`@/lib/react-query`), which
 * leaves a read that failed alone: its retry button is the member's.
 *
 * `onResync` may return the promise of its reads: an event that arrives
 * while they are under way may be older than what they bring back, or
 * newer and then overwritten by them, so the reads run once more when they
 * end.
 */
export function useRealtimeTopic(
  topic: string,
  onEvent: (event: RealtimeEvent) => void,
  onResync: () => unknown = noResync,
  { enabled = true, catchUp = false }: TopicOptions = {},
): void {
  const client = useContext(RealtimeContext)
  const handle = useEffectEvent(onEvent)
  const resync = useEffectEvent(onResync)
  useEffect(() => {
    if (!client || !enabled) return undefined
    let active = true
    let reading = false
    let readAgain = false
    const run = async () => {
      if (!active) return
      if (reading) {
        readAgain = true
        return
      }
      reading = true
      try {
        await resync()
      } catch {
        // The screen's own query shows its failure.
      } finally {
        reading = false
      }
      if (readAgain) {
        readAgain = false
        void run()
      }
    }
    const leave = client.subscribe(
      topic,
      (event) => {
        handle(event)
        if (reading) readAgain = true
      },
      () => {
        void run()
      },
      { catchUp },
    )
    return () => {
      active = false
      leave()
    }
  }, [client, topic, enabled, catchUp])
}
