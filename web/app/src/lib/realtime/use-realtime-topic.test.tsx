import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

import { FakeRealtime } from '@/testing/fake-realtime'

import { createRealtimeClient, type RealtimeEvent } from './realtime-client'
import { RealtimeContext } from './realtime-context'
import { useRealtimeTopic } from './use-realtime-topic'

/** A read the test finishes by hand. */
interface Deferred {
  promise: Promise<void>
  resolve: () => void
}

/** The nth read the hook started. */
function nth(reads: Deferred[], n: number): Deferred {
  const read = reads[n]
  if (!read) throw new Error(`read ${n} never started`)
  return read
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

function setup(onResync: () => unknown, onEvent: (event: RealtimeEvent) => void = () => undefined) {
  const server = new FakeRealtime()
  server.confirms = false
  const client = createRealtimeClient({ createSocket: server.factory, origin: 'https://social.test' })
  client.start(() => 't')
  server.open()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>
  )
  const view = renderHook(
    () => {
      useRealtimeTopic('stories:u1', onEvent, onResync, { catchUp: true })
    },
    { wrapper },
  )
  return { server, view }
}

describe('useRealtimeTopic', () => {
  it('reads once more when an event arrives while its catch-up read is under way', async () => {
    const reads: Deferred[] = []
    const events: string[] = []
    const { server } = setup(
      () => {
        const read = deferred()
        reads.push(read)
        return read.promise
      },
      (event) => events.push(event.type),
    )
    await waitFor(() => {
      expect(server.subscribedTopics()).toEqual(['stories:u1'])
    })
    act(() => {
      server.confirm('stories:u1')
    })
    expect(reads).toHaveLength(1)
    // The read may have been answered before this story existed.
    act(() => {
      server.emit('stories:u1', 'story.created', { id: 's1' })
    })
    expect(events).toEqual(['story.created'])
    expect(reads).toHaveLength(1)
    await act(async () => {
      const read = nth(reads, 0)
      read.resolve()
      await read.promise
    })
    await waitFor(() => {
      expect(reads).toHaveLength(2)
    })
    // Nothing arrived during the second read: no third.
    await act(async () => {
      const read = nth(reads, 1)
      read.resolve()
      await read.promise
    })
    expect(reads).toHaveLength(2)
  })

  it('reads nothing more once unmounted', async () => {
    const reads: Deferred[] = []
    const { server, view } = setup(() => {
      const read = deferred()
      reads.push(read)
      return read.promise
    })
    await waitFor(() => {
      expect(server.subscribedTopics()).toEqual(['stories:u1'])
    })
    act(() => {
      server.confirm('stories:u1')
      server.emit('stories:u1', 'story.created', { id: 's1' })
    })
    view.unmount()
    await act(async () => {
      const read = nth(reads, 0)
      read.resolve()
      await read.promise
    })
    expect(reads).toHaveLength(1)
  })
})
