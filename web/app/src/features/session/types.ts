export type SessionStatus = 'loading' | 'signed-in' | 'signed-out'

export interface SessionUser {
  id: string
  email: string
  displayName: string | null
  /** Without the at sign. */
  handle: string | null
}

/** What the server hands out on sign-in, sign-up or refresh. */
export interface ActiveSession {
  accessToken: string
  expiresAt: Date
  user: SessionUser
}
