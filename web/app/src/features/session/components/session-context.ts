import { createContext } from 'react'

import type { ActiveSession, SessionStatus, SessionUser } from '../types'

export interface SessionContextValue {
  status: SessionStatus
  user: SessionUser | null
  /** The in-memory access token, or null when signed out. Never persisted. */
  getAccessToken: () => string | null
  /** Adopts a session handed out by sign-in, sign-up or refresh. */
  startSession: (session: ActiveSession) => void
  /** Ends the session; rejects when the server refuses. */
  signOut: () => Promise<void>
}

export const SessionContext = createContext<SessionContextValue | null>(null)
