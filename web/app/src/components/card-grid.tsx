import type { ReactNode } from 'react'

interface CardGridProps<Item extends { id: string }> {
  items: readonly Item[]
  /** One item's card. */
  children: (item: Item) => ReactNode
}

/** A list of cards, one per row on phones and two from md up; each card fills its cell. */
export function CardGrid<Item extends { id: string }>({ items, children }: CardGridProps<Item>) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.id} className="grid">
          {children(item)}
        </li>
      ))}
    </ul>
  )
}
