import { useEffect, useState } from 'react'

/** `value` once it has stayed the same for `delay` ms: a search or a preview asks the server when typing pauses, not on every key. */
export function useDebouncedValue<T>(value: T, delay: number): T {
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
