import type { LucideIcon } from 'lucide-react'

/** One resolved entry of a navigation bar: already translated and filtered. */
export interface NavLinkEntry {
  to: string
  label: string
  icon: LucideIcon
  /** Match the path exactly (for '/'). */
  end?: boolean
  /** Unread counter; hidden at 0. */
  badge?: { count: number; label: string }
}

export interface NavUser {
  name: string
  handle: string | null
  avatarUrl?: string | null
  /** The picture's square copies (avatar_variants). */
  avatarVariants?: readonly { url: string; width: number }[] | null
}
