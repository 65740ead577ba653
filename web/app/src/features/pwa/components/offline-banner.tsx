import { WifiOff } from 'lucide-react'
import { useSyncExternalStore } from 'react'

import { pwaMessages as m } from '../messages'

function subscribe(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** Says the app is offline (the shell came from the service worker) while the network is gone. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine)
  if (online) return null
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-3 py-2 text-sm text-amber-900"
    >
      <WifiOff aria-hidden="true" className="size-4" />
      <strong>{m.offline}</strong>
      <span className="hidden sm:inline">{m.offlineHint}</span>
    </div>
  )
}
