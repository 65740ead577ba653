import type { ApiPaths } from '@/lib/api'

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out'

/** What sign-in and refresh answer with (the contract's Session object). */
export type SessionBody = ApiPaths['/api/v1/auth/refresh']['post']['responses'][200]['content']['application/json']

export interface SessionUser {
  id: string
  email: string
  displayName: string
  /** Without the at sign. */
  handle: string
  /** A signed link, or null. */
  avatarUrl: string | null
  /** The avatar's square copies, smallest first; empty for none. */
  avatarVariants?: { url: string; width: number }[]
  /** Moderators and administrators are staff (reports reach them); absent for a member restored offline. */
  role?: 'member' | 'moderator' | 'admin'
}

/** What the server hands out on sign-in or refresh. */
export interface ActiveSession {
  accessToken: string
  expiresAt: Date
  user: SessionUser
}
