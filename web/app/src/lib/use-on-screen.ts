import { startTransition, useEffect, useState, type RefObject } from 'react'

/**
 * Whether the element is on screen or near it (within `margin` above or
 * below the viewport), for work worth doing only for what the member can
 * see, such as following a post's live counts. Where IntersectionObserver
 * is missing, everything counts as on screen.
 */
export function useOnScreen(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [onScreen, setOnScreen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return undefined
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1)
        // Not urgent: a list of cards coming on screen together is redrawn in short slices.
        if (last)
          startTransition(() => {
            setOnScreen(last.isIntersecting)
          })
      },
      { rootMargin: `${margin} 0px` },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
    }
  }, [ref, margin])
  return onScreen
}
