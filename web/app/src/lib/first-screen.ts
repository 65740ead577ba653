import { startTransition, useEffect, useState } from 'react'

/**
 * When the first screen has been drawn. Over a phone's network every request
 * shares the same narrow link: the badges' counts, the server's plugin list,
 * the chart panel or a catch-up read asked for while the feed and its first
 * picture are still coming would slow down what the member is waiting for.
 * Those wait for this moment; the first screen's own reads never do.
 */

/**
 * However long the first screen takes (a failing read, a screen that never
 * says it is drawn), what waits goes this long after the app started.
 */
export const FIRST_SCREEN_LONGEST_MS = 4000

let drawn = false
const listeners = new Set<() => void>()
let fallback: ReturnType<typeof setTimeout> | undefined

/** Says the first screen is drawn; everything waiting goes. Only the first call counts. */
export function markFirstScreenDrawn(): void {
  if (drawn) return
  drawn = true
  clearTimeout(fallback)
  for (const listener of [...listeners]) listener()
  listeners.clear()
}

/** Starts the longest wait; called once when the app starts. */
export function startFirstScreenClock(): void {
  if (drawn || fallback !== undefined) return
  fallback = setTimeout(markFirstScreenDrawn, FIRST_SCREEN_LONGEST_MS)
}

/** Whether the first screen has been drawn. */
export function firstScreenDrawn(): boolean {
  return drawn
}

/** Runs task once the first screen is drawn (at once when it is already). */
export function afterFirstScreen(task: () => void): void {
  if (drawn) task()
  else listeners.add(task)
}

/**
 * Whether the first screen has been drawn, as state: for a query's `enabled`.
 * The change is a non-urgent update: every badge, plugin gate and card
 * asking goes at once, and React draws them again in short slices rather
 * than in one long task just as the member starts to read.
 */
export function useFirstScreenDrawn(): boolean {
  const [isDrawn, setDrawn] = useState(drawn)
  useEffect(() => {
    if (isDrawn) return undefined
    const listener = () => {
      startTransition(() => {
        setDrawn(true)
      })
    }
    // Drawn between this component's render and now.
    if (drawn) {
      listener()
      return undefined
    }
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }, [isDrawn])
  return isDrawn
}

/**
 * Marks the first screen drawn once `ready` (its content, an empty state or
 * an error is on screen), after the browser has painted it and its largest
 * pictures (those asked for at high priority) have arrived: they are what
 * the member waits for, and a read sent meanwhile would share their link.
 */
export function useMarkFirstScreenDrawn(ready: boolean): void {
  useEffect(() => {
    if (!ready || drawn) return
    let cancelled = false
    let frame = 0
    let stopWaiting = () => undefined as void
    // The frame after the next one: the one that shows what was just committed has been painted.
    const afterPaint = (then: () => void) => {
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(then)
      })
    }
    afterPaint(() => {
      stopWaiting = whenPicturesArrive(() => {
        if (!cancelled) afterPaint(markFirstScreenDrawn)
      })
    })
    return () => {
      cancelled = true
      cancelAnimationFrame(frame)
      stopWaiting()
    }
  }, [ready])
}

/**
 * Calls then once every picture on screen asked for at high priority has
 * loaded or failed (at once when none is loading); answers a function that
 * stops waiting.
 */
function whenPicturesArrive(then: () => void): () => void {
  const loading = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((img) => !img.complete)
  if (loading.length === 0) {
    then()
    return () => undefined
  }
  let left = loading.length
  const arrived = () => {
    left -= 1
    if (left === 0) then()
  }
  for (const img of loading) {
    img.addEventListener('load', arrived, { once: true })
    img.addEventListener('error', arrived, { once: true })
  }
  return () => {
    for (const img of loading) {
      img.removeEventListener('load', arrived)
      img.removeEventListener('error', arrived)
    }
  }
}

/** For tests: back to a page that has drawn nothing. */
export function resetFirstScreenForTests(drawnAlready = false): void {
  drawn = drawnAlready
  clearTimeout(fallback)
  fallback = undefined
  listeners.clear()
}
