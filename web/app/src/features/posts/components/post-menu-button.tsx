import { MoreHorizontal } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'

import { Button } from '@/components/ui/button'

import { postsMessages as m } from '../messages'

import type { PostMenuProps } from './post-menu'

const loadPostMenu = () => import('./post-menu')
const PostMenu = lazy(async () => ({ default: (await loadPostMenu()).PostMenu }))

/** Asks for the menu's code ahead of a press: on a touch, a hover or keyboard focus. */
function prefetch() {
  void loadPostMenu()
}

/**
 * The '…' button of a post card. The menu behind it (its popover, the block
 * dialog) is code no card needs to be drawn, and on a phone's first screen
 * every byte delays the feed: a plain button stands in for it until the
 * member reaches for it, then the menu opens in its place.
 */
export function PostMenuButton(props: Omit<PostMenuProps, 'defaultOpen'>) {
  const [wanted, setWanted] = useState(false)
  const standIn = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={m.moreOptions}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={prefetch}
      onPointerDown={prefetch}
      onFocus={prefetch}
      onClick={() => {
        setWanted(true)
      }}
    >
      <MoreHorizontal aria-hidden="true" />
    </Button>
  )
  if (!wanted) return standIn
  return (
    <Suspense fallback={standIn}>
      <PostMenu {...props} defaultOpen />
    </Suspense>
  )
}
