import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'

import { createBearerMiddleware, createEarlyReadsMiddleware, useApiClient } from '@/lib/api'
import { forgetQueryCache, restoreQueryCache } from '@/lib/query-persistence'

import { refreshSession, type RefreshOutcome } from '../api/refresh-session'
import { forgetSessionHint, mayHaveSession, sessionHint, takeEarlyRestore } from '../early-restore'
import { signOutSession } from '../api/sign-out'
import { forgetLastMember, loadLastMember, saveLastMember } from '../last-member'
import { isRefreshDue, REFRESH_TICK_MS } from '../refresh-schedule'
import type { ActiveSession, SessionStatus, SessionUser } from '../types'

import { SessionContext, type SessionContextValue } from './session-context'

interface SessionState {
  status: SessionStatus
  user: SessionUser | null
  /** Signed in from this device's memory while the server cannot be reached: no token yet. */
  offline: boolean
}

const signedOut: SessionState = { status: 'signed-out', user: null, offline: false }

/** Takes the hint out of the address once read. */
function dropSessionHint(): void {
  const url = new URL(window.location.href)
  if (!url.searchParams.has(sessionHint)) return
  url.searchParams.delete(sessionHint)
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}

/** Tries of the restore on load while the server answers 503 with Retry-After (about 15 s at its 5). */
const restoreAttempts = 4
/** A Retry-After longer than this is not believed: the loading screen must not hang. */
const longestRestoreWait = 10_000

/**
 * Owns the member's session. On mount, when a member used the app on this
 * device, it asks the server to refresh from the HttpOnly cookie (an anonymous
 * visitor is not asked: there is no cookie to trade); the access token then
 * lives only in this component's memory and goes out as a Bearer header on
 * every call of the API client. While signed in, a tick every 30 s refreshes
 * the token once 3 or fewer ticks remain.
 *
 * When the server cannot be reached on load (no network), the last member is
 * signed in from this device, offline: the screens show the saved queries, and
 * the first call once the network is back (or the 'online' event, or a tick)
 * trades the cookie for a token, so nobody signs in again.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  // Nobody signed in on this device before: signed out at once, without
  // asking the server (no refresh cookie can be there).
  const [state, setState] = useState<SessionState>(() =>
    mayHaveSession() ? { status: 'loading', user: null, offline: false } : signedOut,
  )
  const offlineRef = useRef(false)
  const tokenRef = useRef<string | null>(null)
  const expiresAtRef = useRef<Date | null>(null)
  const restoreStarted = useRef(false)
  const refreshInFlight = useRef<Promise<RefreshOutcome> | null>(null)

  const startSession = useCallback(
    (session: ActiveSession) => {
      // Another member's saved screens must not show for this one.
      if (loadLastMember()?.id !== session.user.id) queryClient.clear()
      saveLastMember(session.user)
      tokenRef.current = session.accessToken
      expiresAtRef.current = session.expiresAt
      offlineRef.current = false
      setState({ status: 'signed-in', user: session.user, offline: false })
    },
    [queryClient],
  )

  const clearSession = useCallback(() => {
    tokenRef.current = null
    expiresAtRef.current = null
    offlineRef.current = false
    forgetLastMember()
    forgetQueryCache()
    forgetSessionHint()
    setState(signedOut)
    // The next member must not see this one's cached profile or data.
    queryClient.clear()
  }, [queryClient])

  /** Opens as the member who last used the app here, until the server can be asked. */
  const resumeOffline = useCallback((): boolean => {
    const last = loadLastMember()
    if (!last) return false
    // Online, screens read the server; offline they show what this member
    // saw last.
    restoreQueryCache(queryClient, last.id)
    offlineRef.current = true
    setState({ status: 'signed-in', user: last, offline: true })
    return true
  }, [queryClient])

  /**
   * One refresh at a time: refresh tokens rotate on use and the server revokes
   * the whole session when a used one comes back, so the tick and a 401 retry
   * must never send the same cookie twice.
   */
  const refresh = useCallback((): Promise<RefreshOutcome> => {
    refreshInFlight.current ??= (takeEarlyRestore(client) ?? refreshSession(client)).then((outcome) => {
      refreshInFlight.current = null
      if (outcome.kind === 'session') startSession(outcome.session)
      else if (outcome.kind === 'signed-out') clearSession()
      return outcome
    })
    return refreshInFlight.current
  }, [client, startSession, clearSession])

  useEffect(() => {
    const refreshAccessToken = async () => {
      const outcome = await refresh()
      return outcome.kind === 'session' ? outcome.session.accessToken : null
    }
    const middleware = createBearerMiddleware({
      getAccessToken: () => tokenRef.current,
      refreshAccessToken,
      // Signed in offline: the first call once the network is back gets the token first.
      awaitAccessToken: () => (offlineRef.current ? refreshAccessToken() : null),
    })
    // The first screen's reads the page's first script made are taken with the same token.
    const earlyReads = createEarlyReadsMiddleware()
    client.use(middleware, earlyReads)
    return () => {
      client.eject(middleware, earlyReads)
    }
  }, [client, refresh])

  useEffect(() => {
    // Refresh tokens rotate on use: a second call (StrictMode re-runs effects)
    // would race the first, so restore exactly once per provider.
    if (restoreStarted.current) return
    restoreStarted.current = true
    if (!mayHaveSession()) return
    dropSessionHint()
    void (async () => {
      for (let attempt = 1; ; attempt++) {
        const outcome = await refresh()
        if (outcome.kind !== 'failed') return
        // A server that says it is briefly unavailable (its database is away)
        // is asked again as it tells, so that opening the app during a restart
        // does not land on the sign-in page; nobody to ask at all (offline)
        // opens the app as the last member with what they last saw.
        if (outcome.retryAfterMs === undefined || attempt >= restoreAttempts) {
          if (!resumeOffline()) clearSession()
          return
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(outcome.retryAfterMs ?? 0, longestRestoreWait)))
      }
    })()
  }, [refresh, clearSession, resumeOffline])

  // Offline: ask again as soon as the network is back, and every tick meanwhile.
  const offline = state.offline
  useEffect(() => {
    if (!offline) return
    const retry = () => void refresh()
    window.addEventListener('online', retry)
    const tick = setInterval(() => {
      if (navigator.onLine) retry()
    }, REFRESH_TICK_MS)
    return () => {
      window.removeEventListener('online', retry)
      clearInterval(tick)
    }
  }, [offline, refresh])

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
    setState((current) => {
      if (!current.user) return current
      const user = { ...current.user, ...changes }
      saveLastMember(user)
      return { ...current, user }
    })
  }, [])

  const signOut = useCallback(async () => {
    await signOutSession(client)
    clearSession()
  }, [client, clearSession])

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      offline: state.offline,
      getAccessToken: () => tokenRef.current,
      startSession,
      updateUser,
      signOut,
      checkSession: () => void refresh(),
    }),
    [state, startSession, updateUser, signOut, refresh],
  )

  return <SessionContext value={value}>{children}</SessionContext>
}
