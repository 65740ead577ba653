/**
 * The offer to turn push on, made once at a natural moment: after the
 * member's first follow, comment or message (someone may now answer), never
 * on page load. Acts call `offerPush`; the signed-in frame listens and shows
 * the explanation. Once shown, accepted or not, it is never offered again on
 * this device: Configurações keeps the switch.
 */
export const PUSH_OFFER_KEY = 'social:push-offered'

const listeners = new Set<() => void>()

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Whether the offer was shown on this device already. */
export function wasPushOffered(): boolean {
  try {
    return storage()?.getItem(PUSH_OFFER_KEY) === '1'
  } catch {
    return false
  }
}

/** Remembers that the offer was shown, so it is not shown again. */
export function rememberPushOffered(): void {
  try {
    storage()?.setItem(PUSH_OFFER_KEY, '1')
  } catch {
    // Storage refused (private mode): the offer may come back next visit.
  }
}

/**
 * Called after an act that others may answer. Offers push when it was never
 * offered here and the browser has not been asked yet (a browser without
 * notifications, as Safari on an iPhone outside the installed app, is told
 * how to get them).
 */
export function offerPush(): void {
  if (wasPushOffered()) return
  if ('Notification' in window && Notification.permission !== 'default') return
  for (const listener of listeners) listener()
}

export function subscribePushOffer(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
