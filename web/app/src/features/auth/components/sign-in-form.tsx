import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'

import { field, useSubmit } from '../hooks/use-submit'
import { authMessages as m } from '../messages'
import type { FieldErrors, SignInValues, SubmitHandler } from '../types'

interface SignInFormProps {
  onSubmit?: SubmitHandler<SignInValues>
  /** The server's per-field messages. */
  errors?: FieldErrors<SignInValues>
}

export function SignInForm({ onSubmit, errors = {} }: SignInFormProps) {
  const { busy, handleSubmit } = useSubmit(
    (data): SignInValues => ({ email: field(data, 'email').trim(), password: field(data, 'password') }),
    onSubmit,
  )
  return (
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
      <FormField
        label={m.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <Button type="submit" disabled={!onSubmit || busy}>
        {busy ? m.signInBusy : m.signInSubmit}
      </Button>
    </form>
  )
}
