import { captureInstallEvents } from './install-events'
import { setPendingUpdate, watchServiceWorker } from './service-worker'

/**
 * How long after the page's load the service worker is registered. A first
 * install fetches the whole build for offline use: it waits until the first
 * screen's code, data and pictures are in, so a phone's slow network and
 * small CPU go to what the member is waiting for.
 */
const REGISTER_AFTER_LOAD_MS = 3000

/** Runs `task` once the page has loaded, `delayMs` later, when the browser is idle. */
function afterLoad(win: Window, delayMs: number, task: () => void) {
  const later = () => {
    win.setTimeout(() => {
      if ('requestIdleCallback' in win) win.requestIdleCallback(task, { timeout: delayMs })
      else task()
    }, delayMs)
  }
  if (win.document.readyState === 'complete') later()
  else win.addEventListener('load', later, { once: true })
}

/**
 * Starts the installable app before React mounts: listens for the install
 * offer at once and, in a production build, registers the service worker
 * once the first screen is in (the dev server has no built shell to keep).
 * The registration's code (workbox-window) comes only then.
 */
export function startPwa(win: Window = window) {
  captureInstallEvents(win)
  if (import.meta.env.PROD && 'serviceWorker' in win.navigator) {
    const container = win.navigator.serviceWorker
    afterLoad(win, REGISTER_AFTER_LOAD_MS, () => {
      void import('virtual:pwa-register').then(({ registerSW }) =>
        watchServiceWorker(container, registerSW, { onUpdateReady: setPendingUpdate }),
      )
    })
  }
}
