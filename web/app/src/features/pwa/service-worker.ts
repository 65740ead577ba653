import type { RegisterSWOptions } from 'vite-plugin-pwa/types'

/** How often an open app asks the server for a new service worker (60 minutes). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000

/** vite-plugin-pwa's `registerSW` (from 'virtual:pwa-register'). */
export type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>

export interface WatchOptions {
  intervalMs?: number
  /** A new version is installed and waiting; `apply` switches to it and reloads. */
  onUpdateReady: (apply: () => void) => void
  reload?: () => void
}

/**
 * Registers /sw.js for the whole site through vite-plugin-pwa's `registerSW`
 * (workbox-window), checks for a new one every `intervalMs` and reports a new
 * version once it is installed and waiting, also one already waiting when the
 * page opened; the first install is not an update and says nothing. It never
 * switches by itself: `apply` (the member agreed) tells the waiting worker
 * to take over (SKIP_WAITING), and the page reloads when it has. Returns the
 * cleanup.
 */
export function watchServiceWorker(
  container: ServiceWorkerContainer,
  register: RegisterSW,
  options: WatchOptions,
): () => void {
  const { intervalMs = UPDATE_CHECK_MS, onUpdateReady, reload = () => { window.location.reload() } } = options
  let stopped = false
  let timer: ReturnType<typeof setInterval> | undefined

  const update = register({
    immediate: true,
    onNeedRefresh: () => {
      if (stopped) return
      onUpdateReady(() => {
        // The reload is ours, on any change of controller: workbox-window
        // reloads only a page that was already controlled when it opened,
        // and a page opened at the first install can get an update too.
        container.addEventListener('controllerchange', () => { reload() }, { once: true })
        void update()
      })
    },
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => {
      if (stopped || !registration) return
      timer = setInterval(() => {
        // Offline or a server error: the next check tries again.
        registration.update().catch(() => undefined)
      }, intervalMs)
    },
  })

  return () => {
    stopped = true
    if (timer !== undefined) clearInterval(timer)
  }
}

type Apply = () => void
let pending: Apply | null = null
const listeners = new Set<() => void>()

/** The waiting version's `apply`, for the update banner. */
export function setPendingUpdate(apply: Apply | null) {
  pending = apply
  for (const listener of listeners) listener()
}

export function getPendingUpdate(): Apply | null {
  return pending
}

export function subscribePendingUpdate(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
