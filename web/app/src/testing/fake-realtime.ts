import { waitFor } from '@testing-library/react'
import { expect } from 'vitest'

import type { SocketFactory, SocketHandlers } from '@/lib/realtime'

interface FakeSocket {
  url: string
  protocols: string[]
  handlers: SocketHandlers
  sent: unknown[]
  closed: boolean
}

/**
 * Stands in for the server side of /api/v1/realtime: records what the client
 * sends, confirms each subscribe as the server does (unless `confirms` is
 * false: then a test confirms with `confirm`), and lets a test open the
 * socket, push events and drop the connection.
 */
export class FakeRealtime {
  readonly sockets: FakeSocket[] = []
  confirms = true

  readonly factory: SocketFactory = (url, protocols, handlers) => {
    const socket: FakeSocket = { url, protocols, handlers, sent: [], closed: false }
    this.sockets.push(socket)
    return {
      send: (data) => {
        const message: unknown = JSON.parse(data)
        socket.sent.push(message)
        if (this.confirms && isSubscribe(message)) socket.handlers.onMessage(JSON.stringify({ ...message, type: 'subscribed' }))
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

  /**
   * Opens the socket and waits until the topics are subscribed: a component
   * subscribes in an effect, which may run after its first paint, and an event
   * sent before that reaches no one.
   */
  async openSubscribed(...topics: string[]): Promise<void> {
    this.open()
    await waitFor(() => {
      expect(this.subscribedTopics()).toEqual(expect.arrayContaining(topics))
    })
  }

  drop(): void {
    this.current.handlers.onClose()
  }

  emit(topic: string, type: string, data: unknown): void {
    this.current.handlers.onMessage(JSON.stringify({ type: 'event', topic, event: { type, data } }))
  }

  /** The topics subscribed on the current socket, in order (batches flattened). */
  subscribedTopics(): string[] {
    return this.topicsSent('subscribe')
  }

  /** The topics unsubscribed on the current socket, in order. */
  unsubscribedTopics(): string[] {
    return this.topicsSent('unsubscribe')
  }

  /** The server confirms the current socket's subscription to topics. */
  confirm(...topics: string[]): void {
    this.current.handlers.onMessage(JSON.stringify({ type: 'subscribed', topics }))
  }

  /** The server ends the current socket's subscription to topic. */
  revoke(topic: string): void {
    this.current.handlers.onMessage(JSON.stringify({ type: 'revoked', topic, code: 'topic_forbidden' }))
  }

  private topicsSent(type: 'subscribe' | 'unsubscribe'): string[] {
    const topics: string[] = []
    for (const message of this.current.sent) {
      if (typeof message !== 'object' || message === null || !('type' in message) || message.type !== type) continue
      if ('topic' in message && typeof message.topic === 'string') topics.push(message.topic)
      if ('topics' in message && Array.isArray(message.topics)) {
        for (const topic of message.topics) if (typeof topic === 'string') topics.push(topic)
      }
    }
    return topics
  }
}

function isSubscribe(message: unknown): message is { type: 'subscribe' } {
  return typeof message === 'object' && message !== null && 'type' in message && message.type === 'subscribe'
}
