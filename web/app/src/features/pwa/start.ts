import { registerSW } from 'virtual:pwa-register'

import { captureInstallEvents } from './install-events'
import { setPendingUpdate, watchServiceWorker } from './service-worker'

/**
 * Starts the installable app before React mounts: listens for the install
 * offer and, in a production build, registers the service worker (the dev
 * server has no built shell to keep).
 */
export function startPwa(win: Window = window) {
  captureInstallEvents(win)
  if (import.meta.env.PROD && 'serviceWorker' in win.navigator) {
    watchServiceWorker(win.navigator.serviceWorker, registerSW, { onUpdateReady: setPendingUpdate })
  }
}
