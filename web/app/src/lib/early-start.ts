/**
 * What the page's first script (src/early-start/) started before the app's
 * code arrived, handed to the app through one global. The first script
 * imports nothing at run time, so that it is one small file the browser runs
 * as soon as it arrives; this module is the app's side of that contract.
 */

/** A read the first script made with the session's first access token. */
export interface EarlyRead {
  /** The Bearer token it was sent with: only a request carrying the same one may take it. */
  token: string
  response: Response
}

export interface EarlyStart {
  /**
   * POST /api/v1/auth/refresh, sent with the refresh cookie (rejects when the
   * network is down); gone once the app took it.
   */
  refresh?: Promise<Response>
  /**
   * The first screen's GETs by path and query, sent as soon as the refresh
   * answered; each resolves to null when there was no session to read with.
   */
  reads: Map<string, Promise<EarlyRead | null>>
  /** performance.now() when the first script ran. */
  startedAt: number
}

declare global {
  interface Window {
    socialEarlyStart?: EarlyStart
  }
}

/**
 * An early read is the first screen's: after this long it is no fresher
 * than a new request, and a screen opened later must read the server again.
 */
export const EARLY_READ_TTL_MS = 15_000

/**
 * The refresh the first script sent, handed out once (refresh tokens rotate
 * on use). When the first script has not run yet (the app's code came
 * first, as it may from a warm cache), the app restores the session itself
 * and leaves an empty start in its place: a first script running later then
 * sends nothing.
 */
export function takeEarlyRefresh(): Promise<Response> | null {
  const early = window.socialEarlyStart
  if (!early) {
    window.socialEarlyStart = { reads: new Map(), startedAt: performance.now() }
    return null
  }
  const { refresh } = early
  early.refresh = undefined
  return refresh ?? null
}

/** The early read of `pathAndQuery`, handed out once, while it is still the first screen's. */
export function takeEarlyRead(pathAndQuery: string, now = performance.now()): Promise<EarlyRead | null> | null {
  const early = window.socialEarlyStart
  const read = early?.reads.get(pathAndQuery)
  if (!early || !read) return null
  early.reads.delete(pathAndQuery)
  return now - early.startedAt <= EARLY_READ_TTL_MS ? read : null
}
