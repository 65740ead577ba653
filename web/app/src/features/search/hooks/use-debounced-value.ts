import { useEffect, useState } from 'react'

/** Searches run after a 300 ms pause. */
export const SEARCH_DEBOUNCE_MS = 300

/** `value` once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(value)
    }, delay)
    return () => {
      clearTimeout(timer)
    }
  }, [value, delay])
  return debounced
}
