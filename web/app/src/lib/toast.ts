import type { ExternalToast } from 'sonner'

type Sonner = typeof import('sonner')

let sonner: Promise<Sonner> | null = null
const onFirstToast = new Set<() => void>()

/**
 * Sonner's code, fetched with the first toast rather than with every first
 * screen: most visits show none, and a phone on a slow network is spared its
 * bytes. Sonner keeps the toasts asked for before its <Toaster> is drawn and
 * shows them when it is (LazyToaster).
 */
export function loadSonner(): Promise<Sonner> {
  if (sonner === null) {
    sonner = import('sonner')
    for (const listener of onFirstToast) listener()
  }
  return sonner
}

/** Whether a toast was asked for yet (LazyToaster draws sonner's <Toaster> from then on). */
export function toastsRequested(): boolean {
  return sonner !== null
}

/** Calls `listener` when the first toast is asked for; returns the unsubscribe. */
export function subscribeToFirstToast(listener: () => void): () => void {
  onFirstToast.add(listener)
  return () => {
    onFirstToast.delete(listener)
  }
}

function show(kind: 'success' | 'error' | 'info' | 'warning') {
  return (message: string, data?: ExternalToast): void => {
    void loadSonner().then(({ toast }) => toast[kind](message, data))
  }
}

/** The app's toasts: sonner's, shown once its code is there (a few milliseconds the first time). */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
}
