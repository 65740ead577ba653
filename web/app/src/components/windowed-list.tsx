import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * How far beyond the screen an item stays drawn: two screens above and two
 * below. Scrolling or tabbing never reaches an item before it is drawn, and
 * a long feed keeps about five screens of cards alive however far it goes.
 */
const NEAR_MARGIN = '200% 0px'

type NearListener = (near: boolean) => void

/** One IntersectionObserver for a whole list, telling each item when it comes near the screen or leaves it. */
class NearWatcher {
  private readonly listeners = new Map<Element, NearListener>()
  private readonly observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) this.listeners.get(entry.target)?.(entry.isIntersecting)
    },
    { rootMargin: NEAR_MARGIN },
  )

  watch(element: Element, listener: NearListener): () => void {
    this.listeners.set(element, listener)
    this.observer.observe(element)
    return () => {
      this.listeners.delete(element)
      this.observer.unobserve(element)
    }
  }
}

interface WindowedListProps<T> {
  items: readonly T[]
  itemKey: (item: T) => string
  renderItem: (item: T) => ReactNode
  /** The height an item never drawn yet stands in for, in pixels. */
  estimatedHeight: number
  /** How many items are drawn with the list's first paint, before anything was measured. */
  initialCount: number
  className?: string
}

/**
 * A long list that draws only the items near the screen. The others keep
 * their place as empty boxes at their last drawn height (estimatedHeight
 * before they were ever drawn), so the scroll bar and the page do not jump.
 * Items are drawn as non-urgent updates, which React splits into short
 * slices: scrolling and typing stay responsive while cards appear. Where
 * IntersectionObserver is missing every item is drawn.
 */
export function WindowedList<T>({ items, itemKey, renderItem, estimatedHeight, initialCount, className }: WindowedListProps<T>) {
  // Each item stops being watched as it goes, so nothing is left to disconnect.
  const [watcher] = useState(() => (typeof IntersectionObserver === 'undefined' ? null : new NearWatcher()))
  const windowed = watcher !== null
  return (
    <div className={className}>
      {items.map((item, index) => {
        const key = itemKey(item)
        return (
          <WindowedItem key={key} itemKey={key} watcher={watcher} near={!windowed || index < initialCount} estimatedHeight={estimatedHeight}>
            {renderItem(item)}
          </WindowedItem>
        )
      })}
    </div>
  )
}

/**
 * Heights of items last seen drawn, by key, shared by every list: an item
 * leaving the screen, or a list drawn again on returning to a screen, keeps
 * the item's real height instead of the estimate.
 */
const drawnHeights = new Map<string, number>()
const MAX_REMEMBERED_HEIGHTS = 2000

function rememberHeight(key: string, height: number) {
  drawnHeights.delete(key)
  drawnHeights.set(key, height)
  if (drawnHeights.size > MAX_REMEMBERED_HEIGHTS) {
    const oldest = drawnHeights.keys().next().value
    if (oldest !== undefined) drawnHeights.delete(oldest)
  }
}

interface WindowedItemProps {
  itemKey: string
  watcher: NearWatcher | null
  /** Drawn from the start (the first items, or every item without IntersectionObserver). */
  near: boolean
  estimatedHeight: number
  children: ReactNode
}

function WindowedItem({ itemKey, watcher, near: initiallyNear, estimatedHeight, children }: WindowedItemProps) {
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(initiallyNear)
  const [height, setHeight] = useState(() => drawnHeights.get(itemKey) ?? estimatedHeight)

  useEffect(() => {
    const element = box.current
    if (!watcher || !element) return undefined
    return watcher.watch(element, (isNear) => {
      if (!isNear) {
        // What holds the keyboard's focus stays drawn, or the focus would fall to the page.
        if (element.contains(document.activeElement)) return
        const drawn = element.getBoundingClientRect().height
        if (drawn > 0) {
          rememberHeight(itemKey, drawn)
          setHeight(drawn)
        }
      }
      startTransition(() => {
        setNear(isNear)
      })
    })
  }, [watcher, itemKey])

  return (
    <div ref={box} data-windowed={near ? 'drawn' : 'waiting'} style={near ? undefined : { height }}>
      {near ? children : null}
    </div>
  )
}
