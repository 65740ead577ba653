import { MonitorSmartphone } from 'lucide-react'
import { toast } from '@/lib/toast'

import { QueryLoadFailed } from '@/components/load-failed'
import { Placeholders } from '@/components/placeholders'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { problemDetailOr } from '@/lib/api'
import { useOnline } from '@/lib/online'

import { useEndOtherSessions, useEndSession, useSessions, type DeviceSession } from '../api/sessions'
import { settingsMessages as m } from '../messages'

import { SessionItem } from './session-item'
import { SettingsSection } from './settings-section'

function failureOf(error: Error): string {
  return problemDetailOr(error, m.endFailed)
}

/** 'Sessões': the member's live sessions, each with 'Encerrar esta sessão', and 'Encerrar todas as outras'. */
export function SessionsSection() {
  const sessions = useSessions()
  const endOne = useEndSession()
  const endOthers = useEndOtherSessions()
  const online = useOnline()
  const list = sessions.data ?? []
  const others = list.filter((s) => !s.current).length

  const end = (session: DeviceSession) => {
    endOne.mutate(session.id, {
      onSuccess: () => {
        toast.success(m.sessionEnded, { description: m.sessionEndedDescription })
      },
      onError: (error) => {
        toast.error(m.endFailed, { description: failureOf(error) })
      },
    })
  }

  let content
  if (sessions.isPending) {
    content = (
      <Placeholders label={m.loadingSessions} count={2} className="grid gap-3">
        <Skeleton className="h-16 w-full rounded-lg" />
      </Placeholders>
    )
  } else if (sessions.isError) {
    content = (
      <QueryLoadFailed query={sessions} message={m.loadFailed} retryLabel={m.retry} className="py-4" />
    )
  } else {
    content = (
      <>
        <ul aria-label={m.sessionsList} className="divide-y">
          {list.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              canEnd={online}
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={end}
            />
          ))}
        </ul>
        {others === 0 ? (
          <p className="text-sm text-muted-foreground">{m.onlyThisSession}</p>
        ) : (
          <Button
            variant="destructive"
            className="h-11 w-full sm:h-9 sm:w-auto sm:justify-self-start"
            disabled={!online || endOthers.isPending}
            onClick={() => {
              endOthers.mutate(undefined, {
                onSuccess: (ended) => {
                  toast.success(m.othersEnded(ended), { description: m.othersEndedDescription })
                },
                onError: (error) => {
                  toast.error(m.endFailed, { description: failureOf(error) })
                },
              })
            }}
          >
            {endOthers.isPending ? m.endingOthers : m.endOthers}
          </Button>
        )}
        {online ? null : (
          <p role="status" className="text-sm text-amber-800">
            {m.offline}
          </p>
        )}
      </>
    )
  }

  return (
    <SettingsSection anchor={paths.settingsSections.sessions} icon={MonitorSmartphone} title={m.sessions} description={m.sessionsHint}>
      {content}
    </SettingsSection>
  )
}
