/** The refresh check runs every 30 seconds… */
export const REFRESH_TICK_MS = 30_000

/** …and refreshes once 3 or fewer ticks remain before the access token expires. */
export const REFRESH_THRESHOLD_TICKS = 3

/** Whole ticks left before `expiresAt`, as seen at `now`. */
export function ticksLeft(expiresAt: Date, now: number): number {
  return Math.floor((expiresAt.getTime() - now) / REFRESH_TICK_MS)
}

export function isRefreshDue(expiresAt: Date, now: number): boolean {
  return ticksLeft(expiresAt, now) <= REFRESH_THRESHOLD_TICKS
}
