/**
 * The live connection of one signed-in tab (adapters/realtime/doc.go): one
 * WebSocket at /api/v1/realtime, the access token offered as a subprotocol
 * (never in the URL), topics subscribed by reference count and sent in
 * batches (every change within FLUSH_DELAY_MS goes out as one subscribe and
 * one unsubscribe), a ping every 25 s, and reconnects after 1 s, 2 s, 5 s,
 * then every 10 s. After every reconnect
 * (including the one after the server's 1013 close for a slow consumer) each
 * subscriber's resync callback runs once the server confirms its topic, so
 * it can read again over HTTP what it may have missed. A subscriber that asks
 * to catch up is also called back once its first subscription is confirmed:
 * a screen reads its state before its subscription takes effect, and what
 * happened in between would otherwise never reach it.
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

/**
 * The server's close code when the socket's session ended (signed out, ended
 * from another device, suspended): the tab then asks whether its own
 * session still stands.
 */
export const CLOSE_SESSION_ENDED = 1008

/** The server's close code when the member already holds too many sockets. */
export const CLOSE_TOO_MANY_SOCKETS = 4429

/**
 * The event a listener gets when the server ended its subscription because
 * the member may no longer follow the topic (a post deleted or made private,
 * an unfollow, a removal from a community).
 */
export const REVOKED_EVENT = 'subscription.revoked'

/** The gateway's subprotocol, and the prefix of the one carrying the token. */
export const PROTOCOL = 'social.v1'
export const TOKEN_PROTOCOL_PREFIX = 'social.token.'

/**
 * Topic changes go out at once when none went out for this long, else they
 * are gathered until then and sent as one batch: a page's subscriptions
 * leave with the render that made them, and a long scroll sends at most
 * four batches a second (each a subscribe and an unsubscribe: within the
 * server's 10 messages a second).
 */
export const FLUSH_DELAY_MS = 250

/** The most topics the server takes in one subscribe or unsubscribe. */
export const MAX_TOPICS_PER_MESSAGE = 50

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

export type SocketFactory = (url: string, protocols: string[], handlers: SocketHandlers) => RealtimeSocket

export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000] as const
/** After a 4429 close: the member's other tabs hold the sockets; try rarely. */
export const TOO_MANY_SOCKETS_DELAY_MS = 60000
export const HEARTBEAT_MS = 25000

export const browserSocketFactory: SocketFactory = (url, protocols, handlers) => {
  const socket = new WebSocket(url, protocols)
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
      // Once the server has started closing (a sign-out closes at once),
      // the browser would only complain: what is not sent is resent on
      // the next open anyway.
      if (socket.readyState === WebSocket.OPEN) socket.send(data)
    },
    close: () => {
      socket.close()
    },
  }
}

/** ws(s)://<this origin>/api/v1/realtime: no credential in the URL. */
export function realtimeUrl(origin: string = window.location.origin): string {
  const url = new URL('/api/v1/realtime', origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

/** The subprotocols offered: the gateway's, and one carrying the token. */
export function realtimeProtocols(accessToken: string): string[] {
  return [PROTOCOL, TOKEN_PROTOCOL_PREFIX + accessToken]
}

export interface RealtimeClientOptions {
  createSocket?: SocketFactory
  origin?: string
}

export interface SubscribeOptions {
  /**
   * Also call `onResync` once this subscription is first confirmed by the
   * server (unless its topic was already confirmed on this socket), for a
   * screen whose state would miss what happened between its read and its
   * subscription.
   */
  catchUp?: boolean
}

export interface RealtimeClient {
  /**
   * Subscriptions outlive connections: they are sent again on every open, and
   * `onResync` is called once the server confirms the topic after every
   * reconnect (never on the first open), and with `catchUp` once the first
   * subscription is confirmed.
   */
  subscribe: (
    topic: string,
    listener: RealtimeListener,
    onResync?: ResyncListener,
    options?: SubscribeOptions,
  ) => () => void
  /**
   * Connects (and keeps reconnecting) until stop. The token is read at every
   * (re)connect; null skips that attempt. onSessionEnded is called when the
   * server closes the socket because its session ended.
   */
  start: (getAccessToken: () => string | null, onSessionEnded?: () => void) => void
  stop: () => void
}

interface ServerMessage {
  type?: unknown
  topic?: unknown
  topics?: unknown
  code?: unknown
  event?: { type?: unknown; data?: unknown }
}

/** Topic lists of at most MAX_TOPICS_PER_MESSAGE. */
function chunks(topics: string[]): string[][] {
  const out: string[][] = []
  for (let i = 0; i < topics.length; i += MAX_TOPICS_PER_MESSAGE) out.push(topics.slice(i, i + MAX_TOPICS_PER_MESSAGE))
  return out
}

/** The topics a server message names, in its single or list form. */
function topicsOf(message: ServerMessage): string[] {
  if (typeof message.topic === 'string') return [message.topic]
  if (Array.isArray(message.topics)) return message.topics.filter((topic): topic is string => typeof topic === 'string')
  return []
}

/** A subscriber's resync, and whether it waits for its topic to be confirmed. */
interface Resync {
  topic: string
  call: ResyncListener
  due: boolean
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
  const resyncs = new Set<Resync>()
  /** Topics the server has confirmed on the current socket. */
  const confirmed = new Set<string>()
  /** Whether a socket of this start has been open before: the next open is a reconnect. */
  let wasOpen = false
  let socket: RealtimeSocket | null = null
  let open = false
  let closed = true
  let attempt = 0
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  /** Topic changes not sent yet: true to subscribe, false to unsubscribe. */
  const pending = new Map<string, boolean>()
  let flushTimer: ReturnType<typeof setTimeout> | undefined
  let lastFlush = Number.NEGATIVE_INFINITY

  const send = (message: object) => {
    if (socket && open) socket.send(JSON.stringify(message))
  }

  const sendTopics = (type: 'subscribe' | 'unsubscribe', topics: string[]) => {
    for (const batch of chunks(topics)) send({ type, topics: batch })
  }

  /** Sends what changed since the last flush, at most one message of each kind per 50 topics. */
  const flush = () => {
    clearTimeout(flushTimer)
    flushTimer = undefined
    if (!open) return
    lastFlush = Date.now()
    const add: string[] = []
    const remove: string[] = []
    for (const [topic, subscribe] of pending) (subscribe ? add : remove).push(topic)
    pending.clear()
    for (const topic of remove) confirmed.delete(topic)
    if (remove.length > 0) sendTopics('unsubscribe', remove)
    if (add.length > 0) sendTopics('subscribe', add)
  }

  const change = (topic: string, subscribe: boolean) => {
    if (!open) return // the next open sends every topic held then
    // A subscribe and an unsubscribe of one topic within a flush cancel out.
    if (pending.has(topic) && pending.get(topic) !== subscribe) pending.delete(topic)
    else pending.set(topic, subscribe)
    flushTimer ??= setTimeout(flush, Math.max(0, lastFlush + FLUSH_DELAY_MS - Date.now()))
  }

  /**
   * The server answered for topics (followed, or refused): the resyncs due
   * on them run now, when no event on them can be missed any more.
   */
  const settle = (topics: string[], followed: boolean) => {
    const settled = new Set(topics)
    if (followed) for (const topic of topics) confirmed.add(topic)
    for (const resync of [...resyncs]) {
      if (!resync.due || !settled.has(resync.topic)) continue
      resync.due = false
      resync.call()
    }
  }

  let sessionEnded: (() => void) | undefined
  const scheduleReconnect = (delay?: number) => {
    if (closed) return
    delay ??= RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]
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
    const current = createSocket(realtimeUrl(origin), realtimeProtocols(token), {
      onOpen: () => {
        if (socket !== current) return
        open = true
        attempt = 0
        pending.clear()
        confirmed.clear()
        // After a reconnect every subscriber reads again, once its topic is
        // followed anew.
        if (wasOpen) for (const resync of resyncs) resync.due = true
        wasOpen = true
        sendTopics('subscribe', [...listeners.keys()])
        heartbeat = setInterval(() => {
          send({ type: 'ping' })
        }, HEARTBEAT_MS)
      },
      onMessage: (data) => {
        if (socket !== current) return
        const message = parse(data)
        if (message?.type === 'subscribed') {
          settle(topicsOf(message), true)
          return
        }
        if (message?.type === 'error') settle(topicsOf(message), false)
        // Ended by the server, or refused (a post already gone when asked
        // for): either way the member may not read it.
        const refused = message?.type === 'error' && message.code === 'topic_forbidden'
        if ((message?.type === 'revoked' || refused) && typeof message.topic === 'string') {
          for (const listener of listeners.get(message.topic) ?? []) listener({ type: REVOKED_EVENT, data: null })
          return
        }
        if (message?.type !== 'event' || typeof message.topic !== 'string') return
        const type = message.event?.type
        if (typeof type !== 'string') return
        for (const listener of listeners.get(message.topic) ?? []) listener({ type, data: message.event?.data })
      },
      onClose: (code) => {
        if (socket !== current) return
        open = false
        socket = null
        confirmed.clear()
        clearInterval(heartbeat)
        clearTimeout(flushTimer)
        flushTimer = undefined
        pending.clear()
        // 1013: the server dropped us for falling behind; we lost events, and
        // the resync after the reconnect makes up for them. Any other close
        // is treated the same way, but for 4429 (this member's other tabs
        // and devices hold every socket allowed): then only rarely.
        if (code === CLOSE_SLOW_CONSUMER) attempt = 0
        if (code === CLOSE_SESSION_ENDED) sessionEnded?.()
        scheduleReconnect(code === CLOSE_TOO_MANY_SOCKETS ? TOO_MANY_SOCKETS_DELAY_MS : undefined)
      },
    })
    socket = current
  }

  return {
    subscribe(topic, listener, onResync, options = {}) {
      // A fresh entry per subscription, so two subscribers sharing one
      // callback are still both called and removed independently. A topic
      // already confirmed on this socket misses nothing from now on.
      const resync: Resync | undefined = onResync
        ? { topic, call: onResync, due: options.catchUp === true && !confirmed.has(topic) }
        : undefined
      if (resync) resyncs.add(resync)
      let set = listeners.get(topic)
      if (!set) {
        set = new Set()
        listeners.set(topic, set)
        change(topic, true)
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
          change(topic, false)
        }
      }
    },
    start(tokenSource, onSessionEnded) {
      getAccessToken = tokenSource
      sessionEnded = onSessionEnded
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
      clearTimeout(flushTimer)
      flushTimer = undefined
      pending.clear()
      confirmed.clear()
      const current = socket
      socket = null
      open = false
      current?.close()
    },
  }
}
