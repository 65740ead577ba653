/** The event Chromium fires when the app may be installed (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface InstallState {
  /** The deferred prompt, while the browser offers installation. */
  prompt: BeforeInstallPromptEvent | null
  /** The app was installed in this tab's lifetime. */
  installed: boolean
}

let state: InstallState = { prompt: null, installed: false }
const listeners = new Set<() => void>()

function set(next: InstallState) {
  state = next
  for (const listener of listeners) listener()
}

/**
 * Listens for the browser's install offer from the start: it may fire
 * before React mounts, and it fires once per page. Returns the cleanup.
 */
export function captureInstallEvents(target: Window): () => void {
  const offer = (event: Event) => {
    // Keep the browser's own mini-infobar away: the banner asks instead.
    event.preventDefault()
    set({ ...state, prompt: event as BeforeInstallPromptEvent })
  }
  const installed = () => {
    set({ prompt: null, installed: true })
  }
  target.addEventListener('beforeinstallprompt', offer)
  target.addEventListener('appinstalled', installed)
  return () => {
    target.removeEventListener('beforeinstallprompt', offer)
    target.removeEventListener('appinstalled', installed)
  }
}

/** Forgets the offer: a prompt can be shown only once. */
export function consumeInstallPrompt() {
  set({ ...state, prompt: null })
}

export function resetInstallState() {
  set({ prompt: null, installed: false })
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function getInstallState(): InstallState {
  return state
}
