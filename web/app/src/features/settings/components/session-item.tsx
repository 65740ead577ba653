import { Monitor, Smartphone, Tablet } from 'lucide-react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'

import type { DeviceSession } from '../api/sessions'
import { settingsMessages as m } from '../messages'
import { longDate, relativeTime } from '../times'

/** The icon of the kind of device a label names. */
function DeviceIcon({ device }: { device: string }) {
  const className = 'mt-0.5 size-6 shrink-0 text-muted-foreground'
  if (/iPad/.test(device)) return <Tablet aria-hidden="true" className={className} />
  if (/Android|iPhone|iPod/.test(device)) return <Smartphone aria-hidden="true" className={className} />
  return <Monitor aria-hidden="true" className={className} />
}

interface SessionItemProps {
  session: DeviceSession
  ending: boolean
  canEnd: boolean
  onEnd: (session: DeviceSession) => void
}

/** One live session: device, network prefix, last use, and how to end it. */
export function SessionItem({ session, ending, canEnd, onEnd }: SessionItemProps) {
  return (
    <li aria-label={session.device} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 gap-3">
        <DeviceIcon device={session.device} />
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium [overflow-wrap:anywhere]">
            <span className="min-w-0">{session.device}</span>
            {session.current ? <Badge variant="secondary">{m.thisSession}</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {[session.network ? m.network(session.network) : null, m.lastUsed(relativeTime(session.last_used_at))]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="text-sm text-muted-foreground">{m.signedInAt(longDate(session.created_at))}</p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          className="h-11 w-full shrink-0 sm:h-9 sm:w-auto"
          disabled={!canEnd || ending}
          onClick={() => {
            onEnd(session)
          }}
        >
          {ending ? m.ending : m.endSession}{' '}
          <span className="sr-only">{session.device}</span>
        </Button>
      )}
    </li>
  )
}
