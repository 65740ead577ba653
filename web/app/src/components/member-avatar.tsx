import { useState, type ComponentProps } from 'react'

import { Avatar, AvatarFallback } from '@/components/ui/avatar'

/** The first letter of a name, upper-cased (a whole emoji or accented letter), '' for no name. */
function initialOf(name: string): string {
  return Array.from(name)[0]?.toUpperCase() ?? ''
}

type MemberAvatarProps = Omit<ComponentProps<typeof Avatar>, 'children'> & {
  /** The member's picture; without one, the initial of the name stands in. */
  src: string | null | undefined
  name: string
}

/**
 * A member's picture, or the initial of their name; the picture says nothing to a screen reader, the name beside it does.
 * The picture is a plain lazy image over the initial (the avatar primitive's own image preloads every picture at once,
 * those far down a feed too): it loads as it nears the screen, covers the initial once there, and leaves it if it fails.
 */
export function MemberAvatar({ src, name, ...avatarProps }: MemberAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null)
  return (
    <Avatar {...avatarProps}>
      <AvatarFallback>{initialOf(name)}</AvatarFallback>
      {src && failed !== src ? (
        <img
          src={src}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          data-slot="avatar-image"
          className="absolute inset-0 size-full rounded-full object-cover"
          onError={() => {
            setFailed(src)
          }}
        />
      ) : null}
    </Avatar>
  )
}
