import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  afterFirstScreen,
  FIRST_SCREEN_LONGEST_MS,
  firstScreenDrawn,
  markFirstScreenDrawn,
  resetFirstScreenForTests,
  startFirstScreenClock,
  useMarkFirstScreenDrawn,
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

describe("a screen's largest pictures", () => {
  beforeEach(() => {
    resetFirstScreenForTests(false)
  })

  /** A first screen showing one picture asked for at high priority, or none. */
  function Screen({ picture }: { picture: boolean }) {
    useMarkFirstScreenDrawn(true)
    return picture ? createElement('img', { src: '/media/posts/p1/foto.webp', fetchPriority: 'high', alt: 'Foto' }) : null
  }
  const frames = () => act(() => new Promise((resolve) => setTimeout(resolve, 120)))

  it.each([
    ['loads', fireEvent.load],
    ['fails', fireEvent.error],
  ])('hold what waits until the picture %s', async (_, arrive) => {
    const task = vi.fn()
    afterFirstScreen(task)
    render(createElement(Screen, { picture: true }))
    await frames()
    expect(task).not.toHaveBeenCalled()
    arrive(screen.getByRole('img', { name: 'Foto' }))
    await waitFor(() => {
      expect(task).toHaveBeenCalledOnce()
    })
  })

  it('do not hold a screen without one', async () => {
    const task = vi.fn()
    afterFirstScreen(task)
    render(createElement(Screen, { picture: false }))
    await waitFor(() => {
      expect(task).toHaveBeenCalledOnce()
    })
  })
})
