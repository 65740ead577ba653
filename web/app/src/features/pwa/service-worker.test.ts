import type { RegisterSWOptions } from 'vite-plugin-pwa/types'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { UPDATE_CHECK_MS, watchServiceWorker, type RegisterSW } from './service-worker'

/** The registration's update check, counted. */
class FakeRegistration {
  updates = 0
  update() {
    this.updates++
    return Promise.resolve(this)
  }
}

/**
 * Stands in for vite-plugin-pwa's registerSW, which drives workbox-window:
 * it keeps the options the app passed, so the test can play the worker's
 * life cycle, and counts the skip-waiting calls.
 */
function fakeRegister() {
  const state: { options?: RegisterSWOptions; skipWaiting: number } = { skipWaiting: 0 }
  const register: RegisterSW = (options) => {
    state.options = options
    return () => {
      state.skipWaiting++
      return Promise.resolve()
    }
  }
  return { register, state }
}

describe('watchServiceWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('registers at once and checks for an update every 60 minutes', async () => {
    expect(UPDATE_CHECK_MS).toBe(60 * 60 * 1000)
    const { register, state } = fakeRegister()
    const stop = watchServiceWorker(new EventTarget() as ServiceWorkerContainer, register, { onUpdateReady: vi.fn() })
    expect(state.options?.immediate).toBe(true)
    const registration = new FakeRegistration()
    state.options?.onRegisteredSW?.('/sw.js', registration as unknown as ServiceWorkerRegistration)

    await vi.advanceTimersByTimeAsync(59 * 60 * 1000)
    expect(registration.updates).toBe(0)
    await vi.advanceTimersByTimeAsync(60 * 1000)
    expect(registration.updates).toBe(1)
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000)
    expect(registration.updates).toBe(3)

    stop()
    await vi.advanceTimersByTimeAsync(5 * 60 * 60 * 1000)
    expect(registration.updates).toBe(3)
  })

  it('offers a waiting version, switches only when the member agrees and reloads once it took over', () => {
    const { register, state } = fakeRegister()
    const container = new EventTarget()
    const onUpdateReady = vi.fn<(apply: () => void) => void>()
    const reload = vi.fn()
    watchServiceWorker(container as ServiceWorkerContainer, register, { onUpdateReady, reload })
    expect(onUpdateReady).not.toHaveBeenCalled()

    state.options?.onNeedRefresh?.()
    expect(onUpdateReady).toHaveBeenCalledTimes(1)
    expect(state.skipWaiting).toBe(0)
    // A controller change before the member agreed is not ours to follow.
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).not.toHaveBeenCalled()

    const apply = onUpdateReady.mock.calls[0]?.[0]
    if (!apply) throw new Error('no apply')
    apply()
    expect(state.skipWaiting).toBe(1)
    expect(reload).not.toHaveBeenCalled()
    // The new worker took over: now the page reloads into it, once.
    container.dispatchEvent(new Event('controllerchange'))
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('says nothing once stopped', () => {
    const { register, state } = fakeRegister()
    const onUpdateReady = vi.fn()
    const stop = watchServiceWorker(new EventTarget() as ServiceWorkerContainer, register, { onUpdateReady })
    stop()
    state.options?.onNeedRefresh?.()
    expect(onUpdateReady).not.toHaveBeenCalled()
  })
})
