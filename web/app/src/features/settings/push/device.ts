import { isIos, isStandalone } from '@/features/pwa'

/**
 * What this browser can do about push: `supported`; `needs-install` on an
 * iPhone or iPad outside the installed app (Safari offers push only to a web
 * app added to the home screen); `unsupported` elsewhere without it.
 */
export type PushSupport = 'supported' | 'needs-install' | 'unsupported'

export function pushSupport(win: Window = window): PushSupport {
  // PushManager exists only in a secure context (https, or localhost).
  const supported = 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win
  if (supported) return 'supported'
  if (isIos(win.navigator) && !isStandalone(win)) return 'needs-install'
  return 'unsupported'
}

/** The browser's notification permission, or `default` where there is none to ask. */
export function notificationPermission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'default'
}

/** A VAPID public key (URL-safe base64, as the server sends it) as PushManager.subscribe takes it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const raw = atob(padded)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/** The push subscription the browser keeps for this site, if any. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * This browser's subscription for the server's key, made when missing. One
 * made for another key (the server's key changed) is replaced, as the push
 * service would refuse the server's signature.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const registration = await navigator.serviceWorker.ready
  const key = applicationServerKey(publicKey)
  const existing = await registration.pushManager.getSubscription()
  if (existing) {
    const existingKey = existing.options.applicationServerKey
    if (existingKey && sameBytes(new Uint8Array(existingKey), key)) return existing.toJSON()
    await existing.unsubscribe()
  }
  const made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  return made.toJSON()
}

/** Forgets this browser's subscription; nothing to do without one. */
export async function unsubscribeDevice(): Promise<void> {
  const existing = await deviceSubscription()
  await existing?.unsubscribe()
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}
