import { useContext, useEffect, useEffectEvent } from 'react'

import type { RealtimeEvent } from './realtime-client'
import { RealtimeContext } from './realtime-context'

const noResync = () => undefined

/**
 * Calls `onEvent` for every event on `topic` while mounted and `enabled`
 * (nothing while offline), and `onResync` after every reconnect, when events
 * may have been missed (the caller reads its state again over HTTP).
 */
export function useRealtimeTopic(
  topic: string,
  onEvent: (event: RealtimeEvent) => void,
  onResync: () => void = noResync,
  enabled = true,
): void {
  const client = useContext(RealtimeContext)
  const handle = useEffectEvent(onEvent)
  const resync = useEffectEvent(onResync)
  useEffect(() => {
    if (!client || !enabled) return undefined
    return client.subscribe(
      topic,
      (event) => {
        handle(event)
      },
      () => {
        resync()
      },
    )
  }, [client, topic, enabled])
}
