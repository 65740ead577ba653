import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ApiError } from './api'
import { createQueryClient, OfflineWriteError, retryDelay, shouldRetry } from './react-query'

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
