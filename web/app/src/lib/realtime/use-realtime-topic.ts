import { useContext, useEffect, useEffectEvent } from 'react'

import type { RealtimeEvent } from './realtime-client'
import { RealtimeContext } from './realtime-context'

/** Calls `onEvent` for every event on `topic` while mounted (nothing while offline). */
export function useRealtimeTopic(topic: string, onEvent: (event: RealtimeEvent) => void): void {
  const client = useContext(RealtimeContext)
  const handle = useEffectEvent(onEvent)
  useEffect(() => {
    if (!client) return undefined
    return client.subscribe(topic, (event) => {
      handle(event)
    })
  }, [client, topic])
}
