import { createContext } from 'react'

import type { ActiveSession, SessionStatus, SessionUser } from '../types'

export interface SessionContextValue {
  status: SessionStatus
  user: SessionUser | null
  /**
   * Signed in from this device's memory while the server cannot be reached
   * (opened without network): screens show what was saved; no token yet.
   */
  offline: boolean
  /** The in-memory access token, or null when signed out. Never persisted. */
  getAccessToken: () => string | null
  /** Adopts a session handed out by sign-in or refresh. */
  startSession: (session: ActiveSession) => void
  /** Keeps the signed-in user in step after a profile edit (name, avatar). */
  updateUser: (changes: Partial<Omit<SessionUser, 'id'>>) => void
  /**
   * Ends the session on the server (POST /auth/sign-out), then forgets it here;
   * rejects, keeping the session, when the server cannot be reached or refuses.
   */
  signOut: () => Promise<void>
  /**
   * Asks the server whether this session still stands (a refresh): when it
   * was ended elsewhere, the member is signed out here too.
   */
  checkSession: () => void
}

export const SessionContext = createContext<SessionContextValue | null>(null)
