import { AppWindow } from 'lucide-react'
import { useState } from 'react'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { QueryLoadFailed } from '@/components/load-failed'
import { Placeholders } from '@/components/placeholders'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { oauthMessages as m, scopeText, useConnectedApps, useRevokeApp, type ConnectedApp } from '@/features/oauth'
import { problemDetailOr } from '@/lib/api'
import { useOnline } from '@/lib/online'
import { toast } from '@/lib/toast'

import { longDate, relativeTime } from '../times'

import { SettingsSection } from './settings-section'

/** 'Aplicativos conectados': each app the member authorized, its permissions and last use, and 'Revogar'. */
export function ConnectedAppsSection() {
  const apps = useConnectedApps()
  const revoke = useRevokeApp()
  const online = useOnline()
  const [asking, setAsking] = useState<ConnectedApp | null>(null)

  const confirm = () => {
    if (!asking) return
    const app = asking
    revoke.mutate(app.id, {
      onSuccess: () => {
        setAsking(null)
        toast.success(m.revoked)
      },
      onError: (error) => {
        setAsking(null)
        toast.error(m.revokeFailed, { description: problemDetailOr(error, m.revokeFailed) })
      },
    })
  }

  let content
  if (apps.isPending) {
    content = (
      <Placeholders label={m.loadingApps} count={2} className="grid gap-3">
        <Skeleton className="h-16 w-full rounded-lg" />
      </Placeholders>
    )
  } else if (apps.isError) {
    content = <QueryLoadFailed query={apps} message={m.loadFailed} retryLabel={m.retry} className="py-4" />
  } else if (apps.data.length === 0) {
    content = <p className="text-sm text-muted-foreground">{m.none}</p>
  } else {
    content = (
      <>
        <ul aria-label={m.list} className="divide-y">
          {apps.data.map((app) => (
            <li
              key={app.id}
              aria-label={app.name}
              className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start"
            >
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="font-medium [overflow-wrap:anywhere]">{app.name}</p>
                {app.website ? (
                  <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{app.website}</p>
                ) : null}
                <p className="text-sm text-muted-foreground">
                  {[
                    m.authorizedAt(longDate(app.authorized_at)),
                    app.last_used_at ? m.lastUsed(relativeTime(app.last_used_at)) : m.neverUsed,
                  ].join(' · ')}
                </p>
                <div className="grid gap-1">
                  <p className="text-sm font-medium">{m.permissions}</p>
                  <ul className="list-disc pl-5 text-sm text-muted-foreground">
                    {(app.scopes ?? []).map((scope) => (
                      <li key={scope}>{scopeText(scope)}</li>
                    ))}
                  </ul>
                </div>
              </div>
              <Button
                variant="outline"
                className="h-11 w-full shrink-0 sm:h-9 sm:w-auto"
                disabled={!online || (revoke.isPending && revoke.variables === app.id)}
                onClick={() => {
                  setAsking(app)
                }}
              >
                {revoke.isPending && revoke.variables === app.id ? m.revoking : m.revoke}{' '}
                <span className="sr-only">{app.name}</span>
              </Button>
            </li>
          ))}
        </ul>
        {online ? null : (
          <p role="status" className="text-sm text-amber-800">
            {m.offline}
          </p>
        )}
      </>
    )
  }

  return (
    <SettingsSection icon={AppWindow} title={m.section} description={m.sectionHint}>
      {content}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null)
        }}
        title={m.confirmTitle(asking?.name ?? '')}
        description={m.confirmText}
        cancelLabel={m.cancel}
        confirmLabel={m.revoke}
        onConfirm={confirm}
        pending={revoke.isPending}
        closeLabel={m.close}
        role="alertdialog"
      />
    </SettingsSection>
  )
}
