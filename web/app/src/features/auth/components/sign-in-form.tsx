import { field } from '../hooks/use-submit'
import { authMessages as m } from '../messages'
import type { FieldErrors, SignInValues, SubmitHandler } from '../types'

import { AuthForm, EmailField, PasswordField } from './auth-fields'

interface SignInFormProps {
  onSubmit?: SubmitHandler<SignInValues>
  /** The server's per-field messages. */
  errors?: FieldErrors<SignInValues>
}

export function SignInForm({ onSubmit, errors = {} }: SignInFormProps) {
  return (
    <AuthForm read={readSignIn} onSubmit={onSubmit} submitLabel={m.signInSubmit} busyLabel={m.signInBusy}>
      <EmailField error={errors.email} />
      <PasswordField label={m.password} name="password" autoComplete="current-password" error={errors.password} />
    </AuthForm>
  )
}

function readSignIn(data: FormData): SignInValues {
  return { email: field(data, 'email').trim(), password: field(data, 'password') }
}
