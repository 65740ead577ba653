import { onlineManager, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ApiError } from './api'
import { AppQueryClient, catchUpQueries, createQueryClient, OfflineWriteError, retryDelay, shouldRetry } from './react-query'

const unavailable = new ApiError('GET /x', 503, { code: 'database_unavailable' }, 5000)

describe('shouldRetry', () => {
  it('never repeats a 4xx: the server has answered', () => {
    expect(shouldRetry(0, new ApiError('GET /x', 404))).toBe(false)
    expect(shouldRetry(0, new ApiError('GET /x', 429, undefined, 1000))).toBe(false)
  })

  it('rides out a short outage: three tries while the server answers 503 with Retry-After', () => {
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, unavailable))).toEqual([true, true, true, false])
  })

  it('tries once more after anything else', () => {
    for (const error of [new ApiError('GET /x', 500), new ApiError('GET /x', 503), new TypeError('Failed to fetch')]) {
      expect([0, 1].map((n) => shouldRetry(n, error))).toEqual([true, false])
    }
  })
})

describe('retryDelay', () => {
  it("waits as long as the server's Retry-After asks, within 30 s", () => {
    expect(retryDelay(0, unavailable)).toBe(5000)
    expect(retryDelay(2, unavailable)).toBe(5000)
    expect(retryDelay(0, new ApiError('GET /x', 503, undefined, 3_600_000))).toBe(30_000)
  })

  it('backs off otherwise', () => {
    expect(retryDelay(0, new ApiError('GET /x', 500))).toBe(1000)
    expect(retryDelay(1, new TypeError('Failed to fetch'))).toBe(2000)
  })
})

describe('writes while offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true)
  })

  it('are refused before they are sent, and the member is told once', async () => {
    const told = vi.fn()
    const client = createQueryClient({ onOfflineWrite: told })
    const send = vi.fn(() => Promise.resolve('sent'))
    onlineManager.setOnline(false)
    const write = client.getMutationCache().build(client, { mutationFn: send })
    await expect(write.execute(undefined)).rejects.toBeInstanceOf(OfflineWriteError)
    expect(send).not.toHaveBeenCalled()
    expect(told).toHaveBeenCalledOnce()

    onlineManager.setOnline(true)
    const again = client.getMutationCache().build(client, { mutationFn: send })
    await expect(again.execute(undefined)).resolves.toBe('sent')
  })
})

describe('an invalidation during a first read', () => {
  /** A server whose answers are held until released, each one read when asked. */
  function slowServer() {
    let stored: string[] = []
    const held: (() => void)[] = []
    const read = vi.fn(
      () =>
        new Promise<string[]>((resolve) => {
          const answer = [...stored]
          held.push(() => {
            resolve(answer)
          })
        }),
    )
    return {
      read,
      write: (value: string) => {
        stored = [...stored, value]
      },
      releaseAll: () => {
        held.splice(0).forEach((release) => {
          release()
        })
      },
    }
  }

  /**
   * A page opened on key: its query is observed and its first read is in
   * flight, held by the server; seen is every answer the page was shown.
   */
  async function openedPage(key: string) {
    const client = new AppQueryClient({ defaultOptions: { queries: { retry: false } } })
    const server = slowServer()
    const observer = new QueryObserver(client, { queryKey: [key], queryFn: server.read })
    const seen: (string[] | undefined)[] = []
    const unsubscribe = observer.subscribe((result) => seen.push(result.data))
    await vi.waitFor(() => {
      expect(server.read).toHaveBeenCalledOnce()
    })
    return { client, server, observer, seen, unsubscribe }
  }

  /** Waits for the page's reads to end. */
  async function settled(observer: { getCurrentResult: () => { isFetching: boolean } }) {
    await vi.waitFor(() => {
      expect(observer.getCurrentResult().isFetching).toBe(false)
    })
  }

  it('reads again: the first answer predates the write and never lands', async () => {
    // The page opens and reads; before the answer comes, its own join is
    // written and asks for the list again.
    const { client, server, observer, seen, unsubscribe } = await openedPage('participants')
    server.write('ana')
    const invalidated = client.invalidateQueries({ queryKey: ['participants'] })
    await vi.waitFor(() => {
      expect(server.read).toHaveBeenCalledTimes(2)
    })
    server.releaseAll()
    await invalidated

    expect(observer.getCurrentResult().data).toEqual(['ana'])
    expect(seen.filter((data) => data !== undefined)).toEqual([['ana']])
    unsubscribe()
  })

  it('hands whoever awaited the first read the fresh answer', async () => {
    const { client, server, unsubscribe } = await openedPage('participants')
    const awaited = client.query({ queryKey: ['participants'], queryFn: server.read })
    server.write('ana')
    void client.invalidateQueries({ queryKey: ['participants'] })
    await vi.waitFor(() => {
      expect(server.read).toHaveBeenCalledTimes(2)
    })
    server.releaseAll()

    await expect(awaited).resolves.toEqual(['ana'])
    unsubscribe()
  })

  it('reads again when a change is written into the cache meanwhile', async () => {
    const { client, server, observer, unsubscribe } = await openedPage('participants')
    // A live event says she joined; the server has her by now.
    server.write('ana')
    client.setQueryData<string[]>(['participants'], (list) => [...(list ?? []), 'ana'])
    await vi.waitFor(() => {
      expect(server.read).toHaveBeenCalledTimes(2)
    })
    server.releaseAll()

    await settled(observer)
    expect(observer.getCurrentResult().data).toEqual(['ana'])
    unsubscribe()
  })

  it('restarts a read once for changes, then lets it finish', async () => {
    const { client, server, observer, unsubscribe } = await openedPage('likes')
    // A busy post: a like arrives, then another while the restarted read runs.
    server.write('ana')
    client.setQueryData<string[]>(['likes'], (list) => [...(list ?? []), 'ana'])
    await vi.waitFor(() => {
      expect(server.read).toHaveBeenCalledTimes(2)
    })
    server.write('beto')
    client.setQueryData<string[]>(['likes'], (list) => [...(list ?? []), 'beto'])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(server.read).toHaveBeenCalledTimes(2)

    server.releaseAll()
    await settled(observer)
    // The restarted read landed (it began after the first like only).
    expect(observer.getCurrentResult().data).toEqual(['ana'])
    unsubscribe()
  })

  it('leaves alone what it would not read again', async () => {
    const { client, server, unsubscribe } = await openedPage('participants')
    await client.invalidateQueries({ queryKey: ['participants'], refetchType: 'none' })
    await client.invalidateQueries({ queryKey: ['others'] })
    server.releaseAll()

    await vi.waitFor(() => {
      expect(client.getQueryData(['participants'])).toEqual([])
    })
    expect(server.read).toHaveBeenCalledOnce()
    unsubscribe()
  })
})

describe('catching up after missed events', () => {
  it('reads again what was read, and leaves a failed read for the member to retry', async () => {
    const client = new AppQueryClient({ defaultOptions: { queries: { retry: false } } })
    const readPost = vi.fn(() => Promise.reject(new Error('down')))
    const readComments = vi.fn(() => Promise.resolve(['primeiro']))
    const post = new QueryObserver(client, { queryKey: ['post', '1', 'detail'], queryFn: readPost })
    const comments = new QueryObserver(client, { queryKey: ['post', '1', 'comments'], queryFn: readComments })
    const statuses: string[] = []
    const unsubscribePost = post.subscribe((result) => statuses.push(result.status))
    const unsubscribeComments = comments.subscribe(() => undefined)
    await vi.waitFor(() => {
      expect(post.getCurrentResult().status).toBe('error')
      expect(comments.getCurrentResult().status).toBe('success')
    })

    await catchUpQueries(client, ['post', '1'])

    expect(readComments).toHaveBeenCalledTimes(2)
    expect(readPost).toHaveBeenCalledOnce()
    // The failure stayed on screen: it never went back to a skeleton.
    expect(statuses.slice(statuses.indexOf('error'))).not.toContain('pending')
    unsubscribePost()
    unsubscribeComments()
  })
})
