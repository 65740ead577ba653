import { useEffect, useRef, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'

interface LoadMoreProps {
  loading: boolean
  onLoad: () => void
  /** The label, from the feature's catalogue ('Carregar mais'). */
  children: ReactNode
}

/** A next-page button that also presses itself when it scrolls into view (infinite scroll). */
export function LoadMore({ loading, onLoad, children }: LoadMoreProps) {
  const ref = useRef<HTMLButtonElement>(null)
  const load = useRef(onLoad)
  useEffect(() => {
    load.current = onLoad
  })
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return undefined
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current()
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
    }
  }, [])
  return (
    <Button ref={ref} variant="outline" className="justify-self-center" disabled={loading} onClick={onLoad}>
      {children}
    </Button>
  )
}
