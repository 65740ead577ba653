import { Button } from '@/components/ui/button'

import { field } from '../hooks/use-submit'
import { authMessages as m } from '../messages'
import type { FieldErrors, ForgotPasswordValues, SubmitHandler } from '../types'

import { AuthForm, EmailField } from './auth-fields'

interface ForgotPasswordFormProps {
  onSubmit: SubmitHandler<ForgotPasswordValues>
  onBack: () => void
  errors?: FieldErrors<ForgotPasswordValues>
  /** The server's answer, shown once the link has been asked for. */
  message?: string
}

/** 'Esqueci minha senha': asks the server to mail a reset link. */
export function ForgotPasswordForm({ onSubmit, onBack, errors = {}, message }: ForgotPasswordFormProps) {
  return (
    <div className="grid gap-4">
      <AuthForm
        read={(data): ForgotPasswordValues => ({ email: field(data, 'email').trim() })}
        onSubmit={onSubmit}
        submitLabel={m.forgotSubmit}
        busyLabel={m.forgotBusy}
      >
        <EmailField error={errors.email} />
      </AuthForm>
      {message ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {message}
        </p>
      ) : null}
      <Button type="button" variant="link" className="justify-self-center" onClick={onBack}>
        {m.backToSignIn}
      </Button>
    </div>
  )
}
