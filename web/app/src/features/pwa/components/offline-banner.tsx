import { WifiOff } from 'lucide-react'

import { useOnline } from '@/lib/online'

import { pwaMessages as m } from '../messages'

/**
 * Says the app is offline (the shell came from the service worker) while the
 * network is gone: what is shown was saved, and writes wait for the network.
 */
export function OfflineBanner() {
  const online = useOnline()
  if (online) return null
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-2 bg-amber-100 px-3 py-2 text-center text-sm text-amber-900"
    >
      <WifiOff aria-hidden="true" className="size-4" />
      <strong>{m.offline}</strong>
      <span>
        {m.offlineHint} {m.offlineWrites}
      </span>
    </div>
  )
}
