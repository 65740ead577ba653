import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import type { SessionBody } from '@/features/session'
import { ApiError } from '@/lib/api'

import { useCompleteSecondStep, type SecondStepAnswer, type SecondStepPending } from '../api/second-step'
import { field, useSubmit } from '../hooks/use-submit'
import { authMessages as m } from '../messages'
import { showErrorToast } from '../show-toast'
import { getPasskey, passkeysSupported } from '../webauthn'

interface SecondStepFormProps {
  pending: SecondStepPending
  onSignedIn: (session: SessionBody) => void
  /** Back to the password form (the challenge expired, or the member gave up). */
  onCancel: () => void
}

/** The sign-in's second step: the app's code, a recovery code, or a passkey. */
export function SecondStepForm({ pending, onSignedIn, onCancel }: SecondStepFormProps) {
  const complete = useCompleteSecondStep()
  const hasApp = (pending.methods ?? []).includes('totp')
  const hasPasskey = (pending.methods ?? []).includes('passkey') && !!pending.passkey_options && passkeysSupported()
  const [mode, setMode] = useState<'totp' | 'recovery'>(hasApp ? 'totp' : 'recovery')
  const [error, setError] = useState<string>()
  const [passkeyBusy, setPasskeyBusy] = useState(false)

  const answer = async (value: SecondStepAnswer) => {
    setError(undefined)
    try {
      onSignedIn(await complete.mutateAsync({ challenge: pending.challenge, answer: value }))
    } catch (failure) {
      const problem = failure instanceof ApiError ? failure.problem : undefined
      if (problem?.code === 'second_step_expired') {
        showErrorToast({ title: m.signInErrorTitle, description: problem.detail ?? m.secondStepExpired })
        onCancel()
        return
      }
      setError(problem?.detail ?? m.unexpectedError)
    }
  }

  const { busy, handleSubmit } = useSubmit(
    (data): SecondStepAnswer =>
      mode === 'totp' ? { code: field(data, 'code').trim() } : { recovery_code: field(data, 'code').trim() },
    answer,
  )

  const answerWithPasskey = async () => {
    if (!pending.passkey_options) return
    setPasskeyBusy(true)
    setError(undefined)
    try {
      const passkey = await getPasskey(pending.passkey_options)
      await answer({ passkey })
    } catch {
      setError(m.passkeyCancelled)
    } finally {
      setPasskeyBusy(false)
    }
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{m.secondStepTitle}</h2>
        <p className="text-sm text-muted-foreground">{mode === 'totp' ? m.secondStepHint : m.recoveryHint}</p>
      </div>
      <form key={mode} className="grid gap-4" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <FormField
          label={mode === 'totp' ? m.codeLabel : m.recoveryLabel}
          name="code"
          autoComplete="one-time-code"
          inputMode={mode === 'totp' ? 'numeric' : 'text'}
          autoFocus
          required
          error={error}
        />
        <Button type="submit" disabled={busy || passkeyBusy}>
          {busy ? m.verifying : m.verify}
        </Button>
      </form>
      {hasPasskey ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{m.passkeyHint}</p>
          <Button type="button" variant="outline" disabled={busy || passkeyBusy} onClick={() => void answerWithPasskey()}>
            {passkeyBusy ? m.passkeyBusy : m.usePasskey}
          </Button>
        </div>
      ) : null}
      {hasApp ? (
        <Button
          type="button"
          variant="link"
          className="justify-self-center"
          onClick={() => {
            setError(undefined)
            setMode(mode === 'totp' ? 'recovery' : 'totp')
          }}
        >
          {mode === 'totp' ? m.useRecovery : m.useApp}
        </Button>
      ) : null}
      <Button type="button" variant="link" className="justify-self-center" onClick={onCancel}>
        {m.backToSignIn}
      </Button>
    </div>
  )
}
