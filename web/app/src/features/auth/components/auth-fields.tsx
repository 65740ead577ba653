import type { ReactNode, SubmitEvent } from 'react'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'

import { authMessages as m } from '../messages'

/** The email box of sign-in, sign-up and 'Esqueci minha senha'. */
export function EmailField({ error }: { error?: string }) {
  return (
    <FormField
      label={m.email}
      name="email"
      type="email"
      autoComplete="email"
      placeholder={m.emailPlaceholder}
      required
      error={error}
    />
  )
}

interface PasswordFieldProps {
  label: string
  name: 'password' | 'confirmPassword'
  /** 'current-password' to sign in; 'new-password' where one is chosen. */
  autoComplete: 'current-password' | 'new-password'
  error?: string
}

export function PasswordField({ label, name, autoComplete, error }: PasswordFieldProps) {
  return <FormField label={label} name={name} type="password" autoComplete={autoComplete} required error={error} />
}

/** A new password and its repetition, as sign-up and the reset screen ask them. */
export function NewPasswordFields({
  label,
  errors,
}: {
  label: string
  errors: { password?: string; confirmPassword?: string }
}) {
  return (
    <>
      <PasswordField label={label} name="password" autoComplete="new-password" error={errors.password} />
      <PasswordField
        label={m.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  )
}

interface AuthFormProps {
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>
  /** The submit button's text, and its text while the form is sent. */
  submitLabel: string
  busyLabel: string
  busy: boolean
  /** Beyond `busy`, e.g. while no handler is wired. */
  disabled?: boolean
  children: ReactNode
}

/** The auth screens' form: its fields, then the submit button that says when it is busy. */
export function AuthForm({ onSubmit, submitLabel, busyLabel, busy, disabled = false, children }: AuthFormProps) {
  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      {children}
      <Button type="submit" disabled={disabled || busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  )
}
