import { useOnline } from '@/lib/online'

import { pwaMessages as m } from '../messages'

/** Under a form whose sending is disabled offline: why, and until when. */
export function OfflineNotice() {
  const online = useOnline()
  if (online) return null
  return (
    <p role="status" className="text-sm text-amber-800">
      {m.offline}. {m.offlineWrites}
    </p>
  )
}
