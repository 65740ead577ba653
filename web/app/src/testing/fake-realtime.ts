import type { SocketFactory, SocketHandlers } from '@/lib/realtime'

interface FakeSocket {
  url: string
  handlers: SocketHandlers
  sent: unknown[]
  closed: boolean
}

/**
 * Stands in for the server side of /api/v1/realtime: records what the client
 * sends and lets a test open the socket, push events and drop the connection.
 */
export class FakeRealtime {
  readonly sockets: FakeSocket[] = []

  readonly factory: SocketFactory = (url, handlers) => {
    const socket: FakeSocket = { url, handlers, sent: [], closed: false }
    this.sockets.push(socket)
    return {
      send: (data) => {
        socket.sent.push(JSON.parse(data))
      },
      close: () => {
        socket.closed = true
      },
    }
  }

  get current(): FakeSocket {
    const socket = this.sockets.at(-1)
    if (!socket) throw new Error('no socket was opened')
    return socket
  }

  open(): void {
    this.current.handlers.onOpen()
  }

  drop(): void {
    this.current.handlers.onClose()
  }

  emit(topic: string, type: string, data: unknown): void {
    this.current.handlers.onMessage(JSON.stringify({ type: 'event', topic, event: { type, data } }))
  }

  /** The topics subscribed on the current socket, in order. */
  subscribedTopics(): string[] {
    const topics: string[] = []
    for (const message of this.current.sent) {
      if (typeof message === 'object' && message !== null && 'type' in message && 'topic' in message) {
        if (message.type === 'subscribe' && typeof message.topic === 'string') topics.push(message.topic)
      }
    }
    return topics
  }
}
