/**
 * The live connection of one signed-in tab (adapters/realtime/doc.go): one
 * WebSocket at /api/v1/realtime?access_token=…, topics subscribed by
 * reference count, a ping every 25 s, and reconnects after 1 s, 2 s, 5 s,
 * then every 10 s (spec 000 §9, session timings). After every reconnect
 * (including the one after the server's 1013 close for a slow consumer) each
 * subscriber's resync callback runs, so it can read again over HTTP what it
 * may have missed.
 */

/** A server event on a topic: {"type":"post.created","data":{…}}. */
export interface RealtimeEvent {
  type: string
  data: unknown
}

export type RealtimeListener = (event: RealtimeEvent) => void

/**
 * Called after a reconnect: events may have been missed while the socket was
 * down (or the server dropped this slow consumer with 1013), so the subscriber
 * reads its state again over HTTP.
 */
export type ResyncListener = () => void

/** The server's close code for a consumer too slow to keep up ("try again later"). */
export const CLOSE_SLOW_CONSUMER = 1013

export interface SocketHandlers {
  onOpen: () => void
  onMessage: (data: string) => void
  /** `code` is the WebSocket close code when known (1013: slow consumer). */
  onClose: (code?: number) => void
}

/** The part of a WebSocket the client uses; tests hand in a fake. */
export interface RealtimeSocket {
  send: (data: string) => void
  close: () => void
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => RealtimeSocket

export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000] as const
export const HEARTBEAT_MS = 25000

export const browserSocketFactory: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url)
  socket.onopen = () => {
    handlers.onOpen()
  }
  socket.onmessage = (message: MessageEvent) => {
    if (typeof message.data === 'string') handlers.onMessage(message.data)
  }
  socket.onclose = (event: CloseEvent) => {
    handlers.onClose(event.code)
  }
  return {
    send: (data) => {
      socket.send(data)
    },
    close: () => {
      socket.close()
    },
  }
}

/** ws(s)://<this origin>/api/v1/realtime?access_token=… (browsers cannot set headers here). */
export function realtimeUrl(accessToken: string, origin: string = window.location.origin): string {
  const url = new URL('/api/v1/realtime', origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.searchParams.set('access_token', accessToken)
  return url.toString()
}

export interface RealtimeClientOptions {
  createSocket?: SocketFactory
  origin?: string
}

export interface RealtimeClient {
  /**
   * Subscriptions outlive connections: they are sent again on every open, and
   * `onResync` is called after every reconnect (never on the first open).
   */
  subscribe: (topic: string, listener: RealtimeListener, onResync?: ResyncListener) => () => void
  /**
   * Connects (and keeps reconnecting) until stop. The token is read at every
   * (re)connect; null skips that attempt.
   */
  start: (getAccessToken: () => string | null) => void
  stop: () => void
}

interface ServerMessage {
  type?: unknown
  topic?: unknown
  event?: { type?: unknown; data?: unknown }
}

function parse(data: string): ServerMessage | undefined {
  try {
    const value: unknown = JSON.parse(data)
    return typeof value === 'object' && value !== null ? value : undefined
  } catch {
    return undefined
  }
}

export function createRealtimeClient({
  createSocket = browserSocketFactory,
  origin,
}: RealtimeClientOptions = {}): RealtimeClient {
  let getAccessToken: () => string | null = () => null
  const listeners = new Map<string, Set<RealtimeListener>>()
  const resyncs = new Set<ResyncListener>()
  /** Whether a socket of this start has been open before: the next open is a reconnect. */
  let wasOpen = false
  let socket: RealtimeSocket | null = null
  let open = false
  let closed = true
  let attempt = 0
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined

  const send = (message: object) => {
    if (socket && open) socket.send(JSON.stringify(message))
  }

  const scheduleReconnect = () => {
    if (closed) return
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]
    attempt += 1
    reconnectTimer = setTimeout(connect, delay)
  }

  function connect() {
    if (closed) return
    const token = getAccessToken()
    if (!token) {
      scheduleReconnect()
      return
    }
    const current = createSocket(realtimeUrl(token, origin), {
      onOpen: () => {
        if (socket !== current) return
        open = true
        attempt = 0
        for (const topic of listeners.keys()) send({ type: 'subscribe', topic })
        heartbeat = setInterval(() => {
          send({ type: 'ping' })
        }, HEARTBEAT_MS)
        const reconnected = wasOpen
        wasOpen = true
        if (reconnected) for (const resync of [...resyncs]) resync()
      },
      onMessage: (data) => {
        if (socket !== current) return
        const message = parse(data)
        if (message?.type !== 'event' || typeof message.topic !== 'string') return
        const type = message.event?.type
        if (typeof type !== 'string') return
        for (const listener of listeners.get(message.topic) ?? []) listener({ type, data: message.event?.data })
      },
      onClose: (code) => {
        if (socket !== current) return
        open = false
        socket = null
        clearInterval(heartbeat)
        // 1013: the server dropped us for falling behind; we lost events, and
        // the resync after the reconnect makes up for them. Any other close
        // is treated the same way.
        if (code === CLOSE_SLOW_CONSUMER) attempt = 0
        scheduleReconnect()
      },
    })
    socket = current
  }

  return {
    subscribe(topic, listener, onResync) {
      // A fresh function per subscription, so two subscribers sharing one
      // callback are still both called and removed independently.
      const resync = onResync
        ? () => {
            onResync()
          }
        : undefined
      if (resync) resyncs.add(resync)
      let set = listeners.get(topic)
      if (!set) {
        set = new Set()
        listeners.set(topic, set)
        send({ type: 'subscribe', topic })
      }
      // The same listener may be subscribed twice: wrap it so each
      // subscription is its own entry.
      const entry: RealtimeListener = (event) => {
        listener(event)
      }
      set.add(entry)
      return () => {
        if (resync) resyncs.delete(resync)
        const entries = listeners.get(topic)
        if (!entries) return
        entries.delete(entry)
        if (entries.size === 0) {
          listeners.delete(topic)
          send({ type: 'unsubscribe', topic })
        }
      }
    },
    start(tokenSource) {
      getAccessToken = tokenSource
      if (!closed) return
      closed = false
      attempt = 0
      wasOpen = false
      connect()
    },
    stop() {
      closed = true
      clearTimeout(reconnectTimer)
      clearInterval(heartbeat)
      const current = socket
      socket = null
      open = false
      current?.close()
    },
  }
}
