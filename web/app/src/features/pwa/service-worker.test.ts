import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { UPDATE_CHECK_MS, watchServiceWorker } from './service-worker'

/** A registration the way the browser drives one: update() and the worker's life cycle. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  messages: unknown[] = []
  postMessage(message: unknown) {
    this.messages.push(message)
  }
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null
  waiting: FakeWorker | null = null
  updates = 0
  update() {
    this.updates++
    return Promise.resolve()
  }
  /** The server has a new sw.js: the browser starts installing it. */
  found(): FakeWorker {
    const worker = new FakeWorker()
    this.installing = worker
    this.dispatchEvent(new Event('updatefound'))
    return worker
  }
}

class FakeContainer extends EventTarget {
  controller: object | null
  registration = new FakeRegistration()
  registered: { url: string; scope?: string }[] = []
  constructor(controlled: boolean) {
    super()
    this.controller = controlled ? {} : null
  }
  register(url: string, options?: RegistrationOptions) {
    this.registered.push({ url, scope: options?.scope })
    return Promise.resolve(this.registration)
  }
}

function watch(container: FakeContainer, onUpdateReady = vi.fn<(apply: () => void) => void>(), reload = vi.fn()) {
  const stop = watchServiceWorker(container as unknown as ServiceWorkerContainer, { onUpdateReady, reload })
  return { stop, onUpdateReady, reload }
}

describe('watchServiceWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('registers /sw.js for the whole site and checks for an update every 60 minutes', async () => {
    expect(UPDATE_CHECK_MS).toBe(60 * 60 * 1000)
    const container = new FakeContainer(true)
    const { stop } = watch(container)
    await vi.advanceTimersByTimeAsync(0)
    expect(container.registered).toEqual([{ url: '/sw.js', scope: '/' }])

    await vi.advanceTimersByTimeAsync(59 * 60 * 1000)
    expect(container.registration.updates).toBe(0)
    await vi.advanceTimersByTimeAsync(60 * 1000)
    expect(container.registration.updates).toBe(1)
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000)
    expect(container.registration.updates).toBe(3)

    stop()
    await vi.advanceTimersByTimeAsync(5 * 60 * 60 * 1000)
    expect(container.registration.updates).toBe(3)
  })

  it('offers a new version once installed and switches only when the member agrees', async () => {
    const container = new FakeContainer(true)
    const { onUpdateReady, reload } = watch(container)
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)

    const worker = container.registration.found()
    expect(onUpdateReady).not.toHaveBeenCalled()
    worker.become('installed')
    expect(onUpdateReady).toHaveBeenCalledTimes(1)
    expect(worker.messages).toEqual([])
    expect(reload).not.toHaveBeenCalled()

    const apply = onUpdateReady.mock.calls[0]?.[0]
    if (!apply) throw new Error('no apply')
    apply()
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }])
    expect(reload).not.toHaveBeenCalled()
    // The new worker took over: now the page reloads into it.
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('offers a version that was already waiting when the page opened', async () => {
    const container = new FakeContainer(true)
    container.registration.waiting = new FakeWorker()
    const { onUpdateReady } = watch(container)
    await vi.advanceTimersByTimeAsync(0)
    expect(onUpdateReady).toHaveBeenCalledTimes(1)
  })

  it('says nothing on the first install (no page was running an older version)', async () => {
    const container = new FakeContainer(false)
    const { onUpdateReady } = watch(container)
    await vi.advanceTimersByTimeAsync(0)
    container.registration.found().become('installed')
    expect(onUpdateReady).not.toHaveBeenCalled()
  })
})
