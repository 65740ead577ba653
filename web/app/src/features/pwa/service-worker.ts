/** How often an open app asks the server for a new service worker (60 minutes). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000

export interface WatchOptions {
  /** Where the worker is served from (the whole site is its scope). */
  url?: string
  intervalMs?: number
  /** A new version is installed and waiting; `apply` switches to it and reloads. */
  onUpdateReady: (apply: () => void) => void
  reload?: () => void
}

/**
 * Registers the service worker, checks for a new one every `intervalMs`
 * and reports a new version once it is installed and waiting. It never
 * switches by itself: `apply` (the member agreed) tells the waiting worker
 * to take over, and the page reloads when it has. Returns the cleanup.
 */
export function watchServiceWorker(container: ServiceWorkerContainer, options: WatchOptions): () => void {
  const { url = '/sw.js', intervalMs = UPDATE_CHECK_MS, onUpdateReady, reload = () => { window.location.reload(); } } = options
  let stopped = false
  let timer: ReturnType<typeof setInterval> | undefined

  const offer = (worker: ServiceWorker) => {
    // Without a controller this is the first install, not an update.
    if (stopped || !container.controller) return
    onUpdateReady(() => {
      container.addEventListener('controllerchange', () => { reload(); }, { once: true })
      worker.postMessage({ type: 'SKIP_WAITING' })
    })
  }

  void container
    .register(url, { scope: '/' })
    .then((registration) => {
      if (stopped) return
      if (registration.waiting) offer(registration.waiting)
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing
        if (!worker) return
        worker.addEventListener('statechange', () => {
          if (worker.state === 'installed') offer(worker)
        })
      })
      timer = setInterval(() => {
        // Offline or a server error: the next check tries again.
        registration.update().catch(() => undefined)
      }, intervalMs)
    })
    .catch(() => undefined)

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
