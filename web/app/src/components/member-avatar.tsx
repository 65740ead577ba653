import type { ComponentProps } from 'react'

import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'

/** The first letter of a name, upper-cased (a whole emoji or accented letter), '' for no name. */
function initialOf(name: string): string {
  return Array.from(name)[0]?.toUpperCase() ?? ''
}

type MemberAvatarProps = Omit<ComponentProps<typeof Avatar>, 'children'> & {
  /** The member's picture; without one, the initial of the name stands in. */
  src: string | null | undefined
  name: string
}

/** A member's picture, or the initial of their name; the picture says nothing to a screen reader, the name beside it does. */
export function MemberAvatar({ src, name, ...avatarProps }: MemberAvatarProps) {
  return (
    <Avatar {...avatarProps}>
      {src ? <AvatarImage src={src} alt="" /> : null}
      <AvatarFallback>{initialOf(name)}</AvatarFallback>
    </Avatar>
  )
}
