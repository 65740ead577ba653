import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'

import { useSubmit } from '../hooks/use-submit'
import { authMessages as m } from '../messages'
import type { SubmitHandler } from '../types'

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

interface AuthFormProps<T> {
  /** Reads the form's values out of what it holds. */
  read: (data: FormData) => T
  /** Without one the form cannot be sent. */
  onSubmit: SubmitHandler<T> | undefined
  /** The submit button's text, and its text while the form is sent. */
  submitLabel: string
  busyLabel: string
  children: ReactNode
}

/**
 * The auth screens' form: its fields, then the submit button that says when
 * it is busy. A submit reads the values and waits for onSubmit.
 */
export function AuthForm<T>({ read, onSubmit, submitLabel, busyLabel, children }: AuthFormProps<T>) {
  const { busy, handleSubmit } = useSubmit(read, onSubmit)
  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void handleSubmit(event)}>
      {children}
      <Button type="submit" disabled={!onSubmit || busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  )
}
