/** The Badging API's part of Navigator, where the system has one. */
interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

/**
 * Shows the unread count on the installed app's icon, and clears the mark a
 * push left there once everything is read. Without the Badging API (most
 * browsers outside an installed app) it does nothing; a refusal is ignored,
 * the count in the navigation says the same.
 */
export function showAppBadge(count: number, nav: BadgingNavigator = navigator): void {
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.()
  done?.catch(() => undefined)
}
