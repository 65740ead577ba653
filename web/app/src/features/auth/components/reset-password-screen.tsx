import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'

import { Button } from '@/components/ui/button'
import { CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { useSession } from '@/features/session'

import { useResetPassword } from '../api/reset-password'
import { describeFailure, type FieldNames } from '../failures'
import { field } from '../hooks/use-submit'
import { authMessages as m } from '../messages'
import { showErrorToast } from '../show-toast'
import type { FieldErrors } from '../types'
import { confirmationError, hasErrors, passwordError } from '../validation'

import { AuthForm, NewPasswordFields } from './auth-fields'
import { AuthAlert, AuthFrame } from './auth-frame'

interface NewPasswordValues {
  password: string
  confirmPassword: string
}

const serverFields: FieldNames<NewPasswordValues> = {
  password: 'password',
  password_confirmation: 'confirmPassword',
}

/**
 * /auth/reset?token=…, the page the password e-mail links to. On success the
 * server has ended every session of the member, so any session here goes too,
 * and the member signs in again on /auth.
 */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  return (
    <AuthFrame>
      <CardTitle className="text-center">{m.resetTitle}</CardTitle>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <AuthAlert>{m.resetLinkInvalid}</AuthAlert>
      )}
      <Button asChild variant="link" className="justify-self-center">
        <Link to={paths.auth}>{m.backToSignIn}</Link>
      </Button>
    </AuthFrame>
  )
}

function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword()
  const { status, signOut } = useSession()
  const navigate = useNavigate()
  const [errors, setErrors] = useState<FieldErrors<NewPasswordValues>>({})

  const submit = async (values: NewPasswordValues) => {
    const found: FieldErrors<NewPasswordValues> = {}
    const password = passwordError(values.password)
    const confirmation = confirmationError(values.password, values.confirmPassword)
    if (password) found.password = password
    if (confirmation) found.confirmPassword = confirmation
    setErrors(found)
    if (hasErrors(found)) {
      showErrorToast({ title: m.invalidFormTitle, description: m.invalidFormDescription })
      return
    }
    try {
      const { message } = await reset.mutateAsync({ token, ...values })
      if (status === 'signed-in') {
        // The server already revoked it; this only forgets it here.
        await signOut().catch((error: unknown) => {
          console.error('sign out after password reset failed', error)
        })
      }
      toast.success(message)
      await navigate(paths.auth, { replace: true })
    } catch (error) {
      const failure = describeFailure(error, m.errorTitle, serverFields)
      setErrors(failure.fieldErrors)
      // A refused field reads like the local check; anything else as the server says.
      if (hasErrors(failure.fieldErrors)) {
        showErrorToast({ title: m.invalidFormTitle, description: m.invalidFormDescription })
      } else if (failure.toast) {
        showErrorToast(failure.toast)
      }
    }
  }

  return (
    <AuthForm
      read={(data): NewPasswordValues => ({
        password: field(data, 'password'),
        confirmPassword: field(data, 'confirmPassword'),
      })}
      onSubmit={submit}
      submitLabel={m.resetSubmit}
      busyLabel={m.resetBusy}
    >
      <NewPasswordFields label={m.newPassword} errors={errors} />
    </AuthForm>
  )
}
