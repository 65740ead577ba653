import { Bell } from 'lucide-react'
import { useId, type ReactNode } from 'react'

import { QueryLoadFailed } from '@/components/load-failed'
import { Placeholders } from '@/components/placeholders'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { useSession } from '@/features/session'
import { problemDetailOr } from '@/lib/api'
import { useOnline } from '@/lib/online'
import { toast } from '@/lib/toast'

import { useEmailDigest, useSetEmailDigest } from '../api/email-digest'
import { settingsMessages as m } from '../messages'
import {
  usePushServerKey,
  usePushSubscription,
  useSendTestPush,
  useTurnPushOff,
  useUpdatePushAlert,
  type PushAlertName,
  type PushSubscriptionState,
} from '../push/api'
import { pushSupport } from '../push/device'
import { useNotificationPermission } from '../push/permission'
import { usePushAsk } from '../push/use-push-ask'

import { SettingsSection } from './settings-section'

/** The alerts every member chooses, in the order shown; staff also get 'moderation'. */
const memberAlerts: PushAlertName[] = ['follow', 'like', 'comment', 'mention', 'message']

/**
 * 'Notificações': push on this device (this session), its switch, which
 * alerts reach it and a test push. What the browser cannot do, or refused,
 * is said with the way out. Below, the account's weekly e-mail digest.
 */
export function NotificationsSection() {
  return (
    <SettingsSection icon={Bell} title={m.notifications} description={m.notificationsHint}>
      <DevicePush />
      <EmailDigest />
    </SettingsSection>
  )
}

/** 'Resumo semanal por e-mail': the account's choice, the same on every device; off until chosen. */
function EmailDigest() {
  const digest = useEmailDigest()
  const save = useSetEmailDigest()
  const online = useOnline()
  const titleId = useId()
  let body: ReactNode
  if (digest.isPending) {
    body = (
      <Placeholders label={m.digestLoading} count={1}>
        <Skeleton className="h-14 w-full rounded-lg" />
      </Placeholders>
    )
  } else if (digest.isError) {
    body = <QueryLoadFailed query={digest} message={m.digestLoadFailed} retryLabel={m.retry} layout="inline" />
  } else {
    const on = digest.data.enabled
    body = (
      <>
        <SwitchRow
          label={m.digestSwitch}
          description={
            <>
              {m.digestHint} {save.isPending ? m.digestSaving : on ? m.digestOn : m.digestOff}
            </>
          }
          checked={on}
          disabled={!online || save.isPending}
          onChange={(next) => {
            save.mutate(next, {
              onSuccess: () => {
                toast.success(next ? m.digestTurnedOn : m.digestTurnedOff)
              },
              onError: (error) => {
                toast.error(m.digestSaveFailed, { description: problemDetailOr(error, m.actionFailed) })
              },
            })
          }}
        />
        {online ? null : (
          <p role="status" className="text-sm text-amber-800">
            {m.digestOffline}
          </p>
        )}
      </>
    )
  }
  return (
    <div className="grid gap-2 border-t pt-3" role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className="text-sm font-semibold">
        {m.digestTitle}
      </h3>
      {body}
    </div>
  )
}

function DevicePush() {
  const support = pushSupport()
  const serverKey = usePushServerKey()
  const permission = useNotificationPermission()
  const serverOn = support === 'supported' && serverKey.data?.enabled === true
  const subscription = usePushSubscription(serverOn)

  if (support === 'unsupported') return <p className="text-sm">{m.pushUnsupported}</p>
  if (support === 'needs-install') return <p className="text-sm">{m.pushNeedsInstall}</p>
  if (serverKey.isPending || (serverOn && subscription.isPending)) {
    return (
      <Placeholders label={m.pushLoading} count={1}>
        <Skeleton className="h-14 w-full rounded-lg" />
      </Placeholders>
    )
  }
  if (serverKey.isError) {
    return <QueryLoadFailed query={serverKey} message={m.pushLoadFailed} retryLabel={m.retry} layout="inline" />
  }
  if (!serverOn) return <p className="text-sm">{m.pushServerOff}</p>
  if (subscription.isError) {
    return <QueryLoadFailed query={subscription} message={m.pushLoadFailed} retryLabel={m.retry} layout="inline" />
  }
  return <DeviceSwitches permission={permission} subscription={subscription.data ?? null} />
}

function DeviceSwitches({
  permission,
  subscription,
}: {
  permission: NotificationPermission
  subscription: PushSubscriptionState | null
}) {
  const { user } = useSession()
  const online = useOnline()
  const { ask, turningOn, dialog } = usePushAsk()
  const turnOff = useTurnPushOff()
  const updateAlert = useUpdatePushAlert()
  const sendTest = useSendTestPush()
  const denied = permission === 'denied'
  // On only while both ends agree: the server pushes here and the browser shows them.
  const on = subscription !== null && permission === 'granted'
  const staff = user?.role === 'moderator' || user?.role === 'admin'
  const alerts = staff ? [...memberAlerts, 'moderation' as const] : memberAlerts

  let state: string = on ? m.pushOn : m.pushOff
  if (turningOn) state = m.pushTurningOn
  else if (turnOff.isPending) state = m.pushTurningOff

  return (
    <>
      <SwitchRow
        label={m.pushSwitch}
        description={state}
        checked={on}
        disabled={!online || denied || turningOn || turnOff.isPending}
        onChange={(next) => {
          if (next) {
            ask()
            return
          }
          turnOff.mutate(undefined, {
            onSuccess: () => {
              toast.success(m.pushTurnedOff)
            },
            onError: (error) => {
              toast.error(m.pushOffFailed, { description: problemDetailOr(error, m.actionFailed) })
            },
          })
        }}
        strong
      />
      {denied ? (
        <div role="status" className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">{m.pushDenied}</p>
          <p>{m.pushDeniedHowTo}</p>
        </div>
      ) : null}
      {on ? (
        <>
          <fieldset className="grid gap-1 border-t pt-3">
            <legend className="float-left mb-1 text-sm font-semibold">{m.pushAlerts}</legend>
            <div className="clear-both divide-y">
              {alerts.map((name) => (
                <SwitchRow
                  key={name}
                  label={m.pushAlertLabels[name]}
                  description={name === 'moderation' ? m.pushModerationHint : undefined}
                  checked={subscription.alerts[name]}
                  disabled={!online}
                  onChange={(next) => {
                    updateAlert.mutate(
                      { name, on: next },
                      {
                        onError: (error) => {
                          toast.error(m.pushSaveFailed, { description: problemDetailOr(error, m.actionFailed) })
                        },
                      },
                    )
                  }}
                />
              ))}
            </div>
          </fieldset>
          <Button
            variant="outline"
            className="h-11 w-full sm:h-9 sm:w-auto sm:justify-self-start"
            disabled={!online || sendTest.isPending}
            onClick={() => {
              sendTest.mutate(undefined, {
                onSuccess: () => {
                  toast.success(m.pushTestSent, { description: m.pushTestSentDescription })
                },
                onError: (error) => {
                  toast.error(m.pushTestFailed, { description: problemDetailOr(error, m.actionFailed) })
                },
              })
            }}
          >
            {sendTest.isPending ? m.pushTestSending : m.pushTest}
          </Button>
        </>
      ) : null}
      {online ? null : (
        <p role="status" className="text-sm text-amber-800">
          {m.pushOffline}
        </p>
      )}
      {dialog}
    </>
  )
}

interface SwitchRowProps {
  label: string
  description?: ReactNode
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
  /** The device's main switch, set apart from the alerts. */
  strong?: boolean
}

/** A switch with its label and description: the whole row is the tap target (the label toggles it). */
function SwitchRow({ label, description, checked, disabled, onChange, strong }: SwitchRowProps) {
  const id = useId()
  const labelId = useId()
  const descriptionId = useId()
  return (
    <div className="flex min-h-12 items-center gap-3">
      <Label
        htmlFor={id}
        className="min-w-0 flex-1 flex-col items-start gap-1 py-2 leading-snug [overflow-wrap:anywhere]"
      >
        <span id={labelId} className={strong ? 'text-base font-semibold' : undefined}>
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className="font-normal text-muted-foreground">
            {description}
          </span>
        ) : null}
      </Label>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        // Named by the label alone; the label element also holds the description.
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        onCheckedChange={onChange}
      />
    </div>
  )
}
