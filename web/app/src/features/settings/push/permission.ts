import { useSyncExternalStore } from 'react'

import { notificationPermission } from './device'

const listeners = new Set<() => void>()

/** Tells every screen that the permission may have changed (after the browser asked). */
export function permissionChanged() {
  for (const listener of listeners) listener()
}

/** The browser's notification permission, read again after each request and when the page comes back into view. */
export function useNotificationPermission(): NotificationPermission {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      // The member may have changed it in the browser's site settings meanwhile.
      document.addEventListener('visibilitychange', listener)
      return () => {
        listeners.delete(listener)
        document.removeEventListener('visibilitychange', listener)
      }
    },
    notificationPermission,
  )
}

/** Asks the browser for the permission (its own prompt) and tells the screens what it became. */
export async function requestNotificationPermission(): Promise<NotificationPermission> {
  try {
    return await Notification.requestPermission()
  } finally {
    permissionChanged()
  }
}
