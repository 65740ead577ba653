import { useEffect, useEffectEvent, useState, type ReactNode } from 'react'

import { createRealtimeClient, type SocketFactory } from './realtime-client'
import { RealtimeContext } from './realtime-context'

interface RealtimeProviderProps {
  /** Connect only while true (signed in). */
  enabled: boolean
  getAccessToken: () => string | null
  /** The server closed the socket because its session ended. */
  onSessionEnded?: () => void
  createSocket?: SocketFactory
  children: ReactNode
}

/** One connection for the whole tab, open while enabled. */
export function RealtimeProvider({
  enabled,
  getAccessToken,
  onSessionEnded,
  createSocket,
  children,
}: RealtimeProviderProps) {
  const [client] = useState(() => createRealtimeClient({ createSocket }))
  // The token changes on every refresh; the connection must not.
  const readToken = useEffectEvent(() => getAccessToken())
  const sessionEnded = useEffectEvent(() => onSessionEnded?.())
  useEffect(() => {
    if (!enabled) return undefined
    client.start(
      () => readToken(),
      () => {
        sessionEnded()
      },
    )
    return () => {
      client.stop()
    }
  }, [enabled, client])
  return <RealtimeContext value={client}>{children}</RealtimeContext>
}
