import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'

import { createBearerMiddleware, useApiClient } from '@/lib/api'

import { refreshSession, type RefreshOutcome } from '../api/refresh-session'
import { signOutSession } from '../api/sign-out'
import { isRefreshDue, REFRESH_TICK_MS } from '../refresh-schedule'
import type { ActiveSession, SessionStatus, SessionUser } from '../types'

import { SessionContext, type SessionContextValue } from './session-context'

interface SessionState {
  status: SessionStatus
  user: SessionUser | null
}

const signedOut: SessionState = { status: 'signed-out', user: null }

/** Tries of the restore on load while the server answers 503 with Retry-After (about 15 s at its 5). */
const restoreAttempts = 4
/** A Retry-After longer than this is not believed: the loading screen must not hang. */
const longestRestoreWait = 10_000

/**
 * Owns the member's session. On mount it asks the server to refresh from the
 * HttpOnly cookie; the access token then lives only in this component's memory
 * and goes out as a Bearer header on every call of the API client. While signed
 * in, a tick every 30 s refreshes the token once 3 or fewer ticks remain.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null })
  const tokenRef = useRef<string | null>(null)
  const expiresAtRef = useRef<Date | null>(null)
  const restoreStarted = useRef(false)
  const refreshInFlight = useRef<Promise<RefreshOutcome> | null>(null)

  const startSession = useCallback((session: ActiveSession) => {
    tokenRef.current = session.accessToken
    expiresAtRef.current = session.expiresAt
    setState({ status: 'signed-in', user: session.user })
  }, [])

  const clearSession = useCallback(() => {
    tokenRef.current = null
    expiresAtRef.current = null
    setState(signedOut)
    // The next member must not see this one's cached profile or data.
    queryClient.clear()
  }, [queryClient])

  /**
   * One refresh at a time: refresh tokens rotate on use and the server revokes
   * the whole session when a used one comes back, so the tick and a 401 retry
   * must never send the same cookie twice.
   */
  const refresh = useCallback((): Promise<RefreshOutcome> => {
    refreshInFlight.current ??= refreshSession(client).then((outcome) => {
      refreshInFlight.current = null
      if (outcome.kind === 'session') startSession(outcome.session)
      else if (outcome.kind === 'signed-out') clearSession()
      return outcome
    })
    return refreshInFlight.current
  }, [client, startSession, clearSession])

  useEffect(() => {
    const middleware = createBearerMiddleware({
      getAccessToken: () => tokenRef.current,
      refreshAccessToken: async () => {
        const outcome = await refresh()
        return outcome.kind === 'session' ? outcome.session.accessToken : null
      },
    })
    client.use(middleware)
    return () => {
      client.eject(middleware)
    }
  }, [client, refresh])

  useEffect(() => {
    // Refresh tokens rotate on use: a second call (StrictMode re-runs effects)
    // would race the first, so restore exactly once per provider.
    if (restoreStarted.current) return
    restoreStarted.current = true
    void (async () => {
      for (let attempt = 1; ; attempt++) {
        const outcome = await refresh()
        if (outcome.kind !== 'failed') return
        // A server that says it is briefly unavailable (its database is away)
        // is asked again as it tells, so that opening the app during a restart
        // does not land on the sign-in page; nobody to ask at all is as good
        // as no session on load.
        if (outcome.retryAfterMs === undefined || attempt >= restoreAttempts) {
          clearSession()
          return
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(outcome.retryAfterMs ?? 0, longestRestoreWait)))
      }
    })()
  }, [refresh, clearSession])

  const signedIn = state.status === 'signed-in'
  useEffect(() => {
    if (!signedIn) return
    const tick = setInterval(() => {
      const expiresAt = expiresAtRef.current
      // A failed refresh (server unreachable) keeps the session; the next tick tries again.
      if (expiresAt && isRefreshDue(expiresAt, Date.now())) void refresh()
    }, REFRESH_TICK_MS)
    return () => {
      clearInterval(tick)
    }
  }, [signedIn, refresh])

  const updateUser = useCallback((changes: Partial<Omit<SessionUser, 'id'>>) => {
    setState((current) => (current.user ? { ...current, user: { ...current.user, ...changes } } : current))
  }, [])

  const signOut = useCallback(async () => {
    await signOutSession(client)
    clearSession()
  }, [client, clearSession])

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      getAccessToken: () => tokenRef.current,
      startSession,
      updateUser,
      signOut,
    }),
    [state, startSession, updateUser, signOut],
  )

  return <SessionContext value={value}>{children}</SessionContext>
}
