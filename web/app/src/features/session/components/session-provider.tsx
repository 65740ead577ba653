import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'

import { useApiClient } from '@/lib/api'

import { refreshSession } from '../api/refresh-session'
import type { ActiveSession, SessionStatus, SessionUser } from '../types'

import { SessionContext, type SessionContextValue } from './session-context'

interface SessionState {
  status: SessionStatus
  user: SessionUser | null
}

const signedOut: SessionState = { status: 'signed-out', user: null }

/**
 * Owns the member's session. On mount it asks the server to refresh from the
 * HttpOnly cookie; the access token then lives only in this component's memory.
 * The sign-in/sign-up calls and the 30 s refresh tick plug in through
 * startSession and the stored expiry.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApiClient()
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null })
  const tokenRef = useRef<string | null>(null)
  const expiresAtRef = useRef<Date | null>(null)
  const restoreStarted = useRef(false)

  const startSession = useCallback((session: ActiveSession) => {
    tokenRef.current = session.accessToken
    expiresAtRef.current = session.expiresAt
    setState({ status: 'signed-in', user: session.user })
  }, [])

  const clearSession = useCallback(() => {
    tokenRef.current = null
    expiresAtRef.current = null
    setState(signedOut)
  }, [])

  useEffect(() => {
    // Refresh tokens may rotate on use: a second call (StrictMode re-runs
    // effects) would race the first, so restore exactly once per provider.
    if (restoreStarted.current) return
    restoreStarted.current = true
    void refreshSession(client).then((session) => {
      if (session) startSession(session)
      else clearSession()
    })
  }, [client, startSession, clearSession])

  const signOut = useCallback(() => {
    clearSession()
    return Promise.resolve()
  }, [clearSession])

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      getAccessToken: () => tokenRef.current,
      startSession,
      signOut,
    }),
    [state, startSession, signOut],
  )

  return <SessionContext value={value}>{children}</SessionContext>
}
