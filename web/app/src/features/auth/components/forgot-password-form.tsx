import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'

import { field, useSubmit } from '../hooks/use-submit'
import { authMessages as m } from '../messages'
import type { FieldErrors, ForgotPasswordValues, SubmitHandler } from '../types'

interface ForgotPasswordFormProps {
  onSubmit: SubmitHandler<ForgotPasswordValues>
  onBack: () => void
  errors?: FieldErrors<ForgotPasswordValues>
  /** The server's answer, shown once the link has been asked for. */
  message?: string
}

/** 'Esqueci minha senha': asks the server to mail a reset link. */
export function ForgotPasswordForm({ onSubmit, onBack, errors = {}, message }: ForgotPasswordFormProps) {
  const { busy, handleSubmit } = useSubmit(
    (data): ForgotPasswordValues => ({ email: field(data, 'email').trim() }),
    onSubmit,
  )
  return (
    <div className="grid gap-4">
      <form className="grid gap-4" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <FormField
          label={m.email}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={m.emailPlaceholder}
          required
          error={errors.email}
        />
        <Button type="submit" disabled={busy}>
          {busy ? m.forgotBusy : m.forgotSubmit}
        </Button>
      </form>
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
