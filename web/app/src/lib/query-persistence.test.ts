import { afterEach, describe, expect, it, vi } from 'vitest'

import { forgetQueryCache, persistQueryCache, restoreQueryCache } from './query-persistence'
import { AppQueryClient } from './react-query'

afterEach(() => {
  vi.useRealTimers()
})

async function savedFor(memberId: string, data: unknown) {
  vi.useFakeTimers()
  const client = new AppQueryClient()
  const stop = persistQueryCache(client, () => memberId)
  client.setQueryData(['feed', 'chronological'], data)
  await vi.advanceTimersByTimeAsync(1000)
  stop()
  vi.useRealTimers()
}

describe('the saved query cache', () => {
  it('comes back for the member who saved it', async () => {
    await savedFor('member-1', { items: ['post'] })
    const client = new AppQueryClient()
    restoreQueryCache(client, 'member-1')
    expect(client.getQueryData(['feed', 'chronological'])).toEqual({ items: ['post'] })
  })

  it('never comes back for another member, nor after a week', async () => {
    await savedFor('member-1', { items: ['post'] })
    const other = new AppQueryClient()
    restoreQueryCache(other, 'member-2')
    expect(other.getQueryData(['feed', 'chronological'])).toBeUndefined()
    const late = new AppQueryClient()
    restoreQueryCache(late, 'member-1', Date.now() + 8 * 24 * 60 * 60 * 1000)
    expect(late.getQueryData(['feed', 'chronological'])).toBeUndefined()
  })

  it('is gone after sign-out', async () => {
    await savedFor('member-1', { items: ['post'] })
    forgetQueryCache()
    const client = new AppQueryClient()
    restoreQueryCache(client, 'member-1')
    expect(client.getQueryData(['feed', 'chronological'])).toBeUndefined()
  })
})
