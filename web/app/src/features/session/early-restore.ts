import type { ApiClient } from '@/lib/api'
import { takeEarlyRefresh } from '@/lib/early-start'

import { earlyRefreshOutcome, refreshSession, type RefreshOutcome } from './api/refresh-session'
import { loadLastMember } from './last-member'

/**
 * The query parameter the server adds when it has just opened a session with
 * a redirect (an e-mail confirmation): the refresh cookie is there although
 * nobody signed in on this device before.
 */
export const sessionHint = 'sessao'

/**
 * The cookie the server sets beside the HttpOnly refresh cookie, for as long
 * as the session lasts; scripts can read it, and it holds no secret.
 */
export const sessionHintCookie = 'social_session'

/**
 * Whether a refresh cookie may be there: the server's session hint is set,
 * someone used the app here, or the server just opened a session.
 */
export function mayHaveSession(): boolean {
  return (
    document.cookie.split('; ').includes(`${sessionHintCookie}=1`) ||
    loadLastMember() !== null ||
    new URLSearchParams(window.location.search).has(sessionHint)
  )
}

/**
 * Removes the session hint when the server refused the refresh cookie, so
 * that the next visit does not ask again (the server removes it itself on
 * sign-out).
 */
export function forgetSessionHint(): void {
  document.cookie = `${sessionHintCookie}=; Max-Age=0; Path=/; SameSite=Lax`
}

let early: { client: ApiClient; outcome: Promise<RefreshOutcome> } | null = null

/**
 * Starts restoring the session while the page's code is still being read,
 * before React draws anything: the refresh travels while the first screen's
 * code downloads, instead of after the first render, and the feed's data
 * can be asked for as soon as its code is there. SessionProvider takes this
 * refresh as its first one.
 */
export function startSessionRestore(client: ApiClient): void {
  if (early) return
  // The page's first script may have sent the refresh already.
  const sent = takeEarlyRefresh()
  if (sent) early = { client, outcome: earlyRefreshOutcome(sent) }
  else if (mayHaveSession()) early = { client, outcome: refreshSession(client) }
}

/**
 * The early refresh, handed out once, to a provider on the same client.
 * Refresh tokens rotate on use, so it must never be answered twice.
 */
export function takeEarlyRestore(client: ApiClient): Promise<RefreshOutcome> | null {
  if (early?.client !== client) return null
  const { outcome } = early
  early = null
  return outcome
}
