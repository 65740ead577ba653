import { useState, type ComponentProps } from 'react'

import { Avatar, AvatarFallback } from '@/components/ui/avatar'
import { avatarSources, type AvatarCopy } from '@/components/avatar-sources'

/** The first letter of a name, upper-cased (a whole emoji or accented letter), '' for no name. */
function initialOf(name: string): string {
  return Array.from(name)[0]?.toUpperCase() ?? ''
}

type MemberAvatarProps = Omit<ComponentProps<typeof Avatar>, 'children'> & {
  /** The member's picture; without one, the initial of the name stands in. */
  src: string | null | undefined
  /** The picture's square copies (avatar_variants); none for a picture stored before they were made. */
  variants?: readonly AvatarCopy[] | null
  name: string
  /** The letter shown without a picture; the name's first by default. */
  initial?: string
  /** The side in CSS pixels the avatar is drawn at (its size-* class): the copy the browser loads is chosen for it. */
  size?: number
  /** Load at once, for a picture at the top of its screen; others load as they near it. */
  eager?: boolean
  /** The initial's classes (its text size in a large avatar). */
  fallbackClassName?: string
}

/**
 * A member's or a community's picture, or the initial of their name; the picture says nothing to a screen reader, the
 * name beside it does. The picture is a plain lazy image over the initial (the avatar primitive's own image preloads
 * every picture at once, those far down a feed too): it loads as it nears the screen, covers the initial once there,
 * and leaves it if it fails (a copy that fails gives way to the original first). Of its square copies the browser loads the smallest that fills the slot at the screen's
 * density, so a phone downloads a few kilobytes for a 40-pixel circle rather than the original.
 */
export function MemberAvatar({
  src,
  variants,
  name,
  initial,
  size = 40,
  eager = false,
  fallbackClassName,
  ...avatarProps
}: MemberAvatarProps) {
  // What failed to load, by picture: its copies (the original is tried next), then the original too.
  const [failed, setFailed] = useState<{ src: string; original: boolean } | null>(null)
  const copiesFailed = failed !== null && failed.src === src
  const originalFailed = copiesFailed && failed.original
  const sources = src ? (copiesFailed ? { src, srcSet: '' } : avatarSources(src, variants, size)) : null
  return (
    <Avatar {...avatarProps}>
      <AvatarFallback className={fallbackClassName}>{initial ?? initialOf(name)}</AvatarFallback>
      {src && sources && !originalFailed ? (
        <img
          src={sources.src}
          srcSet={sources.srcSet || undefined}
          alt=""
          width={size}
          height={size}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          data-slot="avatar-image"
          className="absolute inset-0 size-full rounded-full object-cover"
          onError={() => {
            const triedCopies = sources.src !== src || sources.srcSet !== ''
            setFailed({ src, original: !triedCopies })
          }}
        />
      ) : null}
    </Avatar>
  )
}
