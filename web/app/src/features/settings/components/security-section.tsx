import { KeyRound } from 'lucide-react'
import { useState, type ReactNode, type SubmitEvent } from 'react'
import { toast } from '@/lib/toast'

import { QueryLoadFailed } from '@/components/load-failed'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Skeleton } from '@/components/ui/skeleton'
import { createPasskey, passkeysSupported } from '@/features/auth'
import { ApiError, problemDetailOr } from '@/lib/api'

import {
  useAddPasskey,
  useConfirmTOTP,
  useDisableTOTP,
  useRegenerateRecoveryCodes,
  useRemovePasskey,
  useStartTOTP,
  useTwoFactor,
  type TwoFactorStatus,
} from '../api/two-factor'
import { settingsMessages as m } from '../messages'
import { longDate } from '../times'

import { QrCode } from './qr-code'
import { SettingsSection } from './settings-section'

function detailOf(error: unknown): string {
  return problemDetailOr(error, m.actionFailed)
}

/** The one toast of every refused action of this section, with the server's reason. */
function toastFailure(error: unknown) {
  toast.error(m.actionFailed, { description: detailOf(error) })
}

function formValue(event: SubmitEvent<HTMLFormElement>, name: string): string {
  const value = new FormData(event.currentTarget).get(name)
  return typeof value === 'string' ? value.trim() : ''
}

interface CodeFormProps {
  /** The box's label; `numeric` opens the digits keyboard. */
  label: string
  numeric?: boolean
  submitLabel: string
  busyLabel: string
  pending: boolean
  /** The submit button is red (turning the second step off). */
  destructive?: boolean
  onCancel: () => void
  /** Sends the code; `onError` shows the server's reason under the box. */
  send: (code: string, onError: (failure: unknown) => void) => void
  /** What comes before the box (the QR code while turning the app on). */
  children?: ReactNode
}

/** Asks for a code of the authenticator app, to turn it on or off. */
function CodeForm({ label, numeric, submitLabel, busyLabel, pending, destructive, onCancel, send, children }: CodeFormProps) {
  const [error, setError] = useState<string>()
  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setError(undefined)
        send(formValue(event, 'code'), (failure) => {
          setError(detailOf(failure))
        })
      }}
    >
      {children}
      <FormField
        label={label}
        name="code"
        autoComplete="one-time-code"
        inputMode={numeric ? 'numeric' : undefined}
        required
        error={error}
      />
      <div className="flex gap-2">
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? busyLabel : submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {m.cancelAction}
        </Button>
      </div>
    </form>
  )
}

/** The recovery codes of this moment, shown once. */
function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="text-sm">{m.recoveryShownOnce}</p>
      <ul aria-label={m.recoveryList} className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" className="justify-self-start" onClick={onDone}>
        {m.recoveryDone}
      </Button>
    </div>
  )
}

function AppPart({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const start = useStartTOTP()
  const confirm = useConfirmTOTP()
  const disable = useDisableTOTP()
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauth_uri: string } | null>(null)
  const [disabling, setDisabling] = useState(false)

  if (status.totp_enabled) {
    return (
      <div className="grid gap-3">
        <h3 className="font-medium">{m.appTitle}</h3>
        <p className="text-sm">{m.appOn}</p>
        {disabling ? (
          <CodeForm
            label={m.appDisableCode}
            submitLabel={m.appDisableConfirm}
            busyLabel={m.appDisabling}
            pending={disable.isPending}
            destructive
            onCancel={() => {
              setDisabling(false)
            }}
            send={(code, onError) => {
              disable.mutate(code, {
                onSuccess: () => {
                  setDisabling(false)
                  toast.success(m.appDisabled)
                },
                onError,
              })
            }}
          />
        ) : (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => {
              setDisabling(true)
            }}
          >
            {m.appDisable}
          </Button>
        )}
      </div>
    )
  }

  return (
    <div className="grid gap-3">
      <h3 className="font-medium">{m.appTitle}</h3>
      {enrolment ? (
        <CodeForm
          label={m.appCode}
          numeric
          submitLabel={m.appConfirm}
          busyLabel={m.appConfirming}
          pending={confirm.isPending}
          onCancel={() => {
            setEnrolment(null)
          }}
          send={(code, onError) => {
            confirm.mutate(code, {
              onSuccess: (codes) => {
                setEnrolment(null)
                toast.success(m.appEnabled)
                if (codes.length > 0) onCodes(codes)
              },
              onError,
            })
          }}
        >
          <p className="text-sm">{m.appScan}</p>
          <QrCode value={enrolment.otpauth_uri} label={m.qrLabel} />
          <p className="text-sm">
            {m.appSecret}{' '}
            <code data-testid="totp-secret" className="font-mono break-all">
              {enrolment.secret}
            </code>
          </p>
        </CodeForm>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{m.appOff}</p>
          <Button
            type="button"
            className="justify-self-start"
            disabled={start.isPending}
            onClick={() => {
              start.mutate(undefined, {
                onSuccess: setEnrolment,
                onError: toastFailure,
              })
            }}
          >
            {start.isPending ? m.appStarting : m.appEnable}
          </Button>
        </>
      )}
    </div>
  )
}

function RecoveryPart({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes()
  const hasSecondStep = status.totp_enabled || (status.passkeys ?? []).length > 0
  if (!hasSecondStep) return null
  return (
    <div className="grid gap-3">
      <h3 className="font-medium">{m.recoveryTitle}</h3>
      <p className="text-sm">{status.recovery_codes_left > 0 ? m.recoveryLeft(status.recovery_codes_left) : m.recoveryNone}</p>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={regenerate.isPending}
        onClick={() => {
          regenerate.mutate(undefined, {
            onSuccess: onCodes,
            onError: toastFailure,
          })
        }}
      >
        {regenerate.isPending ? m.recoveryRegenerating : m.recoveryRegenerate}
      </Button>
    </div>
  )
}

function PasskeysPart({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const add = useAddPasskey(createPasskey)
  const remove = useRemovePasskey()
  const passkeys = status.passkeys ?? []
  const supported = passkeysSupported()
  return (
    <div className="grid gap-3">
      <h3 className="font-medium">{m.passkeysTitle}</h3>
      <p className="text-sm text-muted-foreground">{m.passkeysHint}</p>
      {passkeys.length === 0 ? (
        <p className="text-sm">{m.passkeysNone}</p>
      ) : (
        <ul aria-label={m.passkeysList} className="divide-y">
          {passkeys.map((p) => (
            <li key={p.id} aria-label={p.name} className="flex items-center justify-between gap-3 py-2">
              <div className="grid min-w-0">
                <span className="font-medium [overflow-wrap:anywhere]">{p.name}</span>
                <span className="text-sm text-muted-foreground">{m.passkeyCreatedAt(longDate(p.created_at))}</span>
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={m.passkeyRemove(p.name)}
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(p.id, {
                    onSuccess: () => { toast.success(m.passkeyRemoved); },
                    onError: toastFailure,
                  })
                }}
              >
                {m.passkeyRemoveShort}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form
          className="grid gap-3 sm:flex sm:items-end"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            const form = event.currentTarget
            add.mutate(formValue(event, 'name') || m.passkeyDefaultName, {
              onSuccess: (added) => {
                form.reset()
                toast.success(m.passkeyAdded)
                // The first second step brings recovery codes, shown once.
                const codes = added.recovery_codes ?? []
                if (codes.length > 0) onCodes(codes)
              },
              onError: (failure) => { toast.error(m.actionFailed, {
                  description: failure instanceof ApiError ? detailOf(failure) : m.passkeyCancelled,
                }); },
            })
          }}
        >
          <div className="sm:flex-1">
            <FormField label={m.passkeyName} name="name" maxLength={60} placeholder={m.passkeyDefaultName} />
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? m.passkeyAdding : m.passkeyAdd}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">{m.passkeyUnsupported}</p>
      )}
    </div>
  )
}

/** 'Segurança': the second step of signing in (authenticator app, recovery codes, passkeys). */
export function SecuritySection() {
  const status = useTwoFactor()
  const [codes, setCodes] = useState<string[] | null>(null)

  let content
  if (status.isPending) {
    content = (
      <div role="status" aria-label={m.loadingTwoStep}>
        <Skeleton className="h-24 w-full rounded-lg" />
      </div>
    )
  } else if (status.isError) {
    content = (
      <QueryLoadFailed query={status} message={m.twoStepLoadFailed} retryLabel={m.retry} className="py-4" />
    )
  } else {
    content = (
      <>
        <h3 className="text-base font-semibold">{m.twoStep}</h3>
        {codes ? (
          <RecoveryCodesShown
            codes={codes}
            onDone={() => {
              setCodes(null)
            }}
          />
        ) : null}
        <AppPart status={status.data} onCodes={setCodes} />
        <RecoveryPart status={status.data} onCodes={setCodes} />
        <PasskeysPart status={status.data} onCodes={setCodes} />
      </>
    )
  }

  return (
    <SettingsSection icon={KeyRound} title={m.security} description={m.twoStepHint}>
      {content}
    </SettingsSection>
  )
}
