import { toast } from '@/lib/toast'

import { pwaMessages as m } from './messages'

/** A write was refused because the device is offline: one toast, not one per click. */
export function showOfflineWriteRefused(): void {
  toast.error(m.offline, { id: 'offline-write', description: m.offlineWriteRefused })
}
