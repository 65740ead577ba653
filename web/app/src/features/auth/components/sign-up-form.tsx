import { Button } from '@/components/ui/button'

import { authMessages as m } from '../messages'
import type { FieldErrors, SignUpValues, SubmitHandler } from '../types'

import { FormField } from './form-field'
import { field, useSubmit } from '../hooks/use-submit'

interface SignUpFormProps {
  onSubmit?: SubmitHandler<SignUpValues>
  errors?: FieldErrors<SignUpValues>
}

export function SignUpForm({ onSubmit, errors = {} }: SignUpFormProps) {
  const { busy, handleSubmit } = useSubmit(
    (data): SignUpValues => ({
      displayName: field(data, 'displayName'),
      handle: field(data, 'handle'),
      email: field(data, 'email'),
      password: field(data, 'password'),
      confirmPassword: field(data, 'confirmPassword'),
    }),
    onSubmit,
  )
  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <FormField label={m.displayName} name="displayName" autoComplete="name" required error={errors.displayName} />
      <FormField label={m.handle} name="handle" autoComplete="username" required error={errors.handle} />
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
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <FormField
        label={m.confirmPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={!onSubmit || busy}>
        {busy ? m.signUpBusy : m.signUpSubmit}
      </Button>
    </form>
  )
}
