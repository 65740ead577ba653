/** Where the dismissal of the install prompt is remembered. */
export const INSTALL_DISMISSED_KEY = 'social:install-dismissed'

/** Running as an installed app (Android/desktop display mode, or iOS's flag). */
export function isStandalone(win: Window = window): boolean {
  const media = typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches
  return media || (win.navigator as Navigator & { standalone?: boolean }).standalone === true
}

/** iPhone, iPad or iPod: no install prompt there, only the Share menu. */
export function isIos(nav: Navigator = navigator): boolean {
  if (/iphone|ipad|ipod/i.test(nav.userAgent)) return true
  // iPadOS asks for the desktop site and says it is a Mac, but has a touch screen.
  return /macintosh/i.test(nav.userAgent) && nav.maxTouchPoints > 1
}

export function wasDismissed(storage: Storage = localStorage): boolean {
  try {
    return storage.getItem(INSTALL_DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

export function rememberDismissal(storage: Storage = localStorage) {
  try {
    storage.setItem(INSTALL_DISMISSED_KEY, '1')
  } catch {
    // Storage refused (private mode): the banner comes back next visit.
  }
}
