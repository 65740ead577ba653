import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { toActiveSession, useSession } from '@/features/session'
import { useApiClient } from '@/lib/api'

import { useForgotPassword } from '../api/forgot-password'
import { signInWithPasskey, type SecondStepPending } from '../api/second-step'
import { useSignIn } from '../api/sign-in'
import { describeFailure, describeSignInFailure } from '../failures'
import { authMessages as m } from '../messages'
import { showErrorToast } from '../show-toast'
import type { FieldErrors, ForgotPasswordValues, SignInValues } from '../types'
import { getPasskey, passkeysSupported } from '../webauthn'

import { ConfirmationNotice } from './confirmation-notice'
import { ForgotPasswordForm } from './forgot-password-form'
import { SecondStepForm } from './second-step-form'
import { SignInForm } from './sign-in-form'

/** The 'Entrar' tab: the sign-in form, or the forgotten-password form. */
export function SignInPanel() {
  const [view, setView] = useState<'sign-in' | 'forgot'>('sign-in')
  return view === 'sign-in' ? (
    <SignInView
      onForgot={() => {
        setView('forgot')
      }}
    />
  ) : (
    <ForgotView
      onBack={() => {
        setView('sign-in')
      }}
    />
  )
}

function SignInView({ onForgot }: { onForgot: () => void }) {
  const { startSession } = useSession()
  const signIn = useSignIn()
  const [errors, setErrors] = useState<FieldErrors<SignInValues>>({})
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; message: string } | null>(null)
  const [pending, setPending] = useState<SecondStepPending | null>(null)
  const [passkeyBusy, setPasskeyBusy] = useState(false)
  const client = useApiClient()

  const submit = async (values: SignInValues) => {
    setErrors({})
    setUnconfirmed(null)
    try {
      const answer = await signIn.mutateAsync(values)
      // Once signed in, /auth's guard sends the member to the feed.
      if ('challenge' in answer) setPending(answer)
      else startSession(toActiveSession(answer))
    } catch (error) {
      const failure = describeSignInFailure(error)
      setErrors(failure.fieldErrors)
      if (failure.unconfirmed) setUnconfirmed({ email: values.email, message: failure.unconfirmed })
      if (failure.toast) showErrorToast(failure.toast)
    }
  }

  const passkey = async () => {
    setPasskeyBusy(true)
    try {
      startSession(toActiveSession(await signInWithPasskey(client, getPasskey)))
    } catch (error) {
      const failure = describeFailure(error, m.signInErrorTitle)
      showErrorToast(failure.toast ?? { title: m.signInErrorTitle, description: m.passkeyCancelled })
    } finally {
      setPasskeyBusy(false)
    }
  }

  if (pending) {
    return (
      <SecondStepForm
        pending={pending}
        onSignedIn={(session) => {
          startSession(toActiveSession(session))
        }}
        onCancel={() => {
          setPending(null)
        }}
      />
    )
  }

  return (
    <div className="grid gap-4">
      <SignInForm onSubmit={submit} errors={errors} />
      {passkeysSupported() ? (
        <Button type="button" variant="outline" disabled={passkeyBusy} onClick={() => void passkey()}>
          {passkeyBusy ? m.passkeyBusy : m.signInWithPasskey}
        </Button>
      ) : null}
      {unconfirmed ? <ConfirmationNotice message={unconfirmed.message} email={unconfirmed.email} /> : null}
      <Button type="button" variant="link" className="justify-self-center" onClick={onForgot}>
        {m.forgotPassword}
      </Button>
    </div>
  )
}

function ForgotView({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword()
  const [errors, setErrors] = useState<FieldErrors<ForgotPasswordValues>>({})
  const [message, setMessage] = useState<string>()

  const submit = async ({ email }: ForgotPasswordValues) => {
    setErrors({})
    try {
      setMessage((await forgot.mutateAsync(email)).message)
    } catch (error) {
      const failure = describeFailure<ForgotPasswordValues>(error, m.errorTitle, { email: 'email' })
      setErrors(failure.fieldErrors)
      if (failure.toast) showErrorToast(failure.toast)
    }
  }

  return <ForgotPasswordForm onSubmit={submit} onBack={onBack} errors={errors} message={message} />
}
