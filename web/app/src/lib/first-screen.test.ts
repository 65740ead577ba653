import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  afterFirstScreen,
  FIRST_SCREEN_LONGEST_MS,
  firstScreenDrawn,
  markFirstScreenDrawn,
  resetFirstScreenForTests,
  startFirstScreenClock,
} from './first-screen'

describe('first screen', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    resetFirstScreenForTests(false)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('holds what waits until the screen says it is drawn, then runs each once', () => {
    const task = vi.fn()
    afterFirstScreen(task)
    expect(task).not.toHaveBeenCalled()
    markFirstScreenDrawn()
    markFirstScreenDrawn()
    expect(task).toHaveBeenCalledOnce()
    expect(firstScreenDrawn()).toBe(true)
    // Once drawn, a task runs at once.
    const later = vi.fn()
    afterFirstScreen(later)
    expect(later).toHaveBeenCalledOnce()
  })

  it('lets what waits go after the longest wait when no screen says anything', () => {
    const task = vi.fn()
    startFirstScreenClock()
    afterFirstScreen(task)
    vi.advanceTimersByTime(FIRST_SCREEN_LONGEST_MS - 1)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledOnce()
  })
})
