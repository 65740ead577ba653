import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { FakeRealtime } from '@/testing/fake-realtime'

import {
  CLOSE_TOO_MANY_SOCKETS,
  createRealtimeClient,
  FLUSH_DELAY_MS,
  realtimeUrl,
  REVOKED_EVENT,
  TOO_MANY_SOCKETS_DELAY_MS,
} from './realtime-client'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A client on a fake server; `confirms: false` leaves subscribes unanswered until the test confirms them. */
function setup({ confirms = true } = {}) {
  const server = new FakeRealtime()
  server.confirms = confirms
  const client = createRealtimeClient({ createSocket: server.factory, origin: 'https://social.test' })
  return { server, client }
}

describe('createRealtimeClient', () => {
  it('connects with the token as a subprotocol, never in the URL, and subscribes on open', () => {
    const { server, client } = setup()
    const events: unknown[] = []
    client.subscribe('feed:public', (event) => events.push(event))
    client.subscribe('user:u1:notifications', () => undefined)
    client.start(() => 'eyJ.tok')
    expect(server.current.url).toBe('wss://social.test/api/v1/realtime')
    expect(server.current.protocols).toEqual(['social.v1', 'social.token.eyJ.tok'])
    server.open()
    // Everything held is sent in one message on open.
    expect(server.current.sent).toEqual([{ type: 'subscribe', topics: ['feed:public', 'user:u1:notifications'] }])
    server.emit('feed:public', 'post.created', { id: 'p1', author_id: 'u2' })
    server.emit('post:p1', 'post.liked', { id: 'p1', like_count: 1 })
    expect(events).toEqual([{ type: 'post.created', data: { id: 'p1', author_id: 'u2' } }])
  })

  it('pings every 25 s while open', () => {
    const { server, client } = setup()
    client.start(() => 't')
    server.open()
    vi.advanceTimersByTime(25_000)
    expect(server.current.sent).toEqual([{ type: 'ping' }])
    vi.advanceTimersByTime(25_000)
    expect(server.current.sent).toHaveLength(2)
  })

  it('reconnects after 1 s, 2 s, 5 s, then every 10 s, and resubscribes', () => {
    const { server, client } = setup()
    client.subscribe('feed:public', () => undefined)
    client.start(() => 't')
    for (const delay of [1000, 2000, 5000, 10_000, 10_000]) {
      const count = server.sockets.length
      server.drop()
      vi.advanceTimersByTime(delay - 1)
      expect(server.sockets).toHaveLength(count)
      vi.advanceTimersByTime(1)
      expect(server.sockets).toHaveLength(count + 1)
    }
    server.open()
    expect(server.subscribedTopics()).toEqual(['feed:public'])
    // A successful open starts the delays over.
    server.drop()
    const count = server.sockets.length
    vi.advanceTimersByTime(1000)
    expect(server.sockets).toHaveLength(count + 1)
  })

  it('unsubscribes when the last listener leaves and stops for good on stop', () => {
    const { server, client } = setup()
    client.start(() => 't')
    server.open()
    const leave = client.subscribe('post:p1', () => undefined)
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    leave()
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    expect(server.current.sent).toEqual([
      { type: 'subscribe', topics: ['post:p1'] },
      { type: 'unsubscribe', topics: ['post:p1'] },
    ])
    client.stop()
    expect(server.current.closed).toBe(true)
    vi.advanceTimersByTime(60_000)
    expect(server.sockets).toHaveLength(1)
  })
})

describe('batching', () => {
  it('sends a scroll through 300 posts as a few batches, and nothing for a topic that came and went', () => {
    const { server, client } = setup()
    client.start(() => 't')
    server.open()
    const leaves: (() => void)[] = []
    for (let i = 0; i < 300; i++) leaves.push(client.subscribe(`post:p${i}`, () => undefined))
    const gone = client.subscribe('post:flicker', () => undefined)
    gone()
    expect(server.current.sent).toEqual([])
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    // 300 topics: six messages of 50, the server's most per message.
    expect(server.current.sent).toHaveLength(6)
    expect(server.subscribedTopics()).toHaveLength(300)
    expect(server.subscribedTopics()).not.toContain('post:flicker')
    for (const leave of leaves) leave()
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    expect(server.unsubscribedTopics()).toHaveLength(300)
    expect(server.current.sent).toHaveLength(12)
  })

  it('a revoked topic tells its listeners', () => {
    const { server, client } = setup()
    const events: unknown[] = []
    client.subscribe('post:p1', (event) => events.push(event))
    client.start(() => 't')
    server.open()
    server.revoke('post:p1')
    server.revoke('post:p2')
    expect(events).toEqual([{ type: REVOKED_EVENT, data: null }])
    // A subscription refused because the post is already gone says the same.
    server.current.handlers.onMessage(JSON.stringify({ type: 'error', topic: 'post:p1', code: 'topic_forbidden' }))
    server.current.handlers.onMessage(JSON.stringify({ type: 'error', topic: 'post:p1', code: 'topic_unavailable' }))
    expect(events).toHaveLength(2)
  })

  it('sends the first change at once, then at most one batch per interval', () => {
    const { server, client } = setup()
    client.start(() => 't')
    server.open()
    client.subscribe('post:a', () => undefined)
    vi.advanceTimersByTime(0)
    expect(server.subscribedTopics()).toEqual(['post:a'])
    client.subscribe('post:b', () => undefined)
    vi.advanceTimersByTime(FLUSH_DELAY_MS - 1)
    expect(server.subscribedTopics()).toEqual(['post:a'])
    vi.advanceTimersByTime(1)
    expect(server.subscribedTopics()).toEqual(['post:a', 'post:b'])
  })

  it('waits a minute before trying again after 4429 (too many sockets)', () => {
    const { server, client } = setup()
    client.start(() => 't')
    server.open()
    server.current.handlers.onClose(CLOSE_TOO_MANY_SOCKETS)
    vi.advanceTimersByTime(TOO_MANY_SOCKETS_DELAY_MS - 1)
    expect(server.sockets).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(server.sockets).toHaveLength(2)
  })
})

describe('resync', () => {
  it('asks for the session to be checked when the server closes with 1008, and not for other closes', () => {
    const { server, client } = setup()
    const ended = vi.fn()
    client.start(() => 't', ended)
    server.open()
    server.current.handlers.onClose(1013)
    expect(ended).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    server.open()
    server.current.handlers.onClose(1008)
    expect(ended).toHaveBeenCalledTimes(1)
  })

  it('reconnects after the server closes with 1013 and tells every subscriber to resync', () => {
    const { server, client } = setup()
    const feed = vi.fn()
    const post = vi.fn()
    const quiet = vi.fn()
    client.subscribe('feed:public', () => undefined, feed)
    client.subscribe('post:p1', () => undefined, post)
    const leave = client.subscribe('post:p2', () => undefined, quiet)
    client.start(() => 't')
    server.open()
    // The first open is no resync: nothing was missed yet.
    expect(feed).not.toHaveBeenCalled()

    leave()
    server.current.handlers.onClose(1013)
    expect(server.sockets).toHaveLength(1)
    vi.advanceTimersByTime(1000)
    expect(server.sockets).toHaveLength(2)
    expect(feed).not.toHaveBeenCalled()
    server.open()
    expect(server.subscribedTopics()).toEqual(['feed:public', 'post:p1'])
    expect(feed).toHaveBeenCalledTimes(1)
    expect(post).toHaveBeenCalledTimes(1)
    expect(quiet).not.toHaveBeenCalled()
  })

  it('resyncs after any reconnect, even after failed attempts, but not after a stop and start', () => {
    const { server, client } = setup()
    const resync = vi.fn()
    client.subscribe('feed:public', () => undefined, resync)
    client.start(() => 't')
    server.open()
    server.drop()
    vi.advanceTimersByTime(1000)
    server.drop()
    vi.advanceTimersByTime(2000)
    server.open()
    expect(resync).toHaveBeenCalledTimes(1)

    client.stop()
    client.start(() => 't')
    server.open()
    expect(resync).toHaveBeenCalledTimes(1)
  })
})

describe('catching up', () => {
  it('reads again once the server confirms a new subscription, when asked to catch up', () => {
    const { server, client } = setup({ confirms: false })
    client.start(() => 't')
    server.open()
    const stories = vi.fn()
    const card = vi.fn()
    client.subscribe('stories:u1', () => undefined, stories, { catchUp: true })
    client.subscribe('post:p1', () => undefined, card)
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    // Sent but not yet followed: an event published now would still be lost.
    expect(server.subscribedTopics()).toEqual(['stories:u1', 'post:p1'])
    expect(stories).not.toHaveBeenCalled()
    server.confirm('stories:u1', 'post:p1')
    expect(stories).toHaveBeenCalledTimes(1)
    expect(card).not.toHaveBeenCalled()
    // Only the first confirmation: a repeated answer reads nothing again.
    server.confirm('stories:u1')
    expect(stories).toHaveBeenCalledTimes(1)

    // A second screen on a topic already followed misses nothing.
    const again = vi.fn()
    client.subscribe('stories:u1', () => undefined, again, { catchUp: true })
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    server.confirm('stories:u1')
    expect(again).not.toHaveBeenCalled()
  })

  it('catches up on the first open too, and on a refusal', () => {
    const { server, client } = setup({ confirms: false })
    const notifications = vi.fn()
    const room = vi.fn()
    client.subscribe('user:u1:notifications', () => undefined, notifications, { catchUp: true })
    client.subscribe('room:r1', () => undefined, room, { catchUp: true })
    client.start(() => 't')
    server.open()
    expect(notifications).not.toHaveBeenCalled()
    server.confirm('user:u1:notifications')
    expect(notifications).toHaveBeenCalledTimes(1)
    server.current.handlers.onMessage(JSON.stringify({ type: 'error', topic: 'room:r1', code: 'topic_unavailable' }))
    expect(room).toHaveBeenCalledTimes(1)
  })

  it('after a reconnect, reads again only once the topic is followed anew', () => {
    const { server, client } = setup()
    const resync = vi.fn()
    client.subscribe('feed:public', () => undefined, resync)
    client.start(() => 't')
    server.open()
    server.confirms = false
    server.drop()
    vi.advanceTimersByTime(1000)
    server.open()
    expect(resync).not.toHaveBeenCalled()
    server.confirm('feed:public')
    expect(resync).toHaveBeenCalledTimes(1)
  })
})

describe('realtimeUrl', () => {
  it('uses ws: on http', () => {
    expect(realtimeUrl('http://localhost:5173')).toBe('ws://localhost:5173/api/v1/realtime')
  })
})
