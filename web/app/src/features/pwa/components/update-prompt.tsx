import { RefreshCw } from 'lucide-react'
import { useSyncExternalStore } from 'react'

import { Button } from '@/components/ui/button'

import { pwaMessages as m } from '../messages'
import { getPendingUpdate, setPendingUpdate, subscribePendingUpdate } from '../service-worker'

/** Offers the waiting new version; the app switches only when the member agrees. */
export function UpdatePrompt() {
  const apply = useSyncExternalStore(subscribePendingUpdate, getPendingUpdate)
  if (!apply) return null
  return (
    <section
      aria-label={m.updateReady}
      className="fixed inset-x-3 top-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border bg-background p-3 shadow-lg"
    >
      <RefreshCw aria-hidden="true" className="size-5 text-primary" />
      <div className="grid flex-1 gap-0.5">
        <h2 className="text-sm font-semibold">{m.updateReady}</h2>
        <p className="text-xs text-muted-foreground">{m.updateHint}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={() => { setPendingUpdate(null); }}>
        {m.later}
      </Button>
      <Button size="sm" onClick={apply}>
        {m.update}
      </Button>
    </section>
  )
}
