import { useState } from 'react'

import { FormField } from '@/components/ui/form-field'

import { showErrorToast } from '../show-toast'
import { field } from '../hooks/use-submit'
import { authMessages as m } from '../messages'
import type { FieldErrors, SignUpValues, SubmitHandler } from '../types'
import { hasErrors, toHandle, validateSignUp } from '../validation'

import { AuthForm, EmailField, NewPasswordFields } from './auth-fields'

interface SignUpFormProps {
  onSubmit?: SubmitHandler<SignUpValues>
  /** The server's per-field messages. */
  errors?: FieldErrors<SignUpValues>
}

/**
 * Checks the server's rules before sending (a courtesy: same messages, shown
 * under the inputs with the 'Dados inválidos' toast); only a valid form reaches
 * onSubmit.
 */
export function SignUpForm({ onSubmit, errors = {} }: SignUpFormProps) {
  const [handle, setHandle] = useState('')
  const [clientErrors, setClientErrors] = useState<FieldErrors<SignUpValues>>({})

  const submitValid = onSubmit
    ? (values: SignUpValues) => {
        const found = validateSignUp(values)
        setClientErrors(found)
        if (!hasErrors(found)) return onSubmit(values)
        showErrorToast({ title: m.invalidFormTitle, description: m.invalidFormDescription })
        return undefined
      }
    : undefined

  // A failed local check hides older server messages: they describe another attempt.
  const shown = hasErrors(clientErrors) ? clientErrors : errors

  return (
    <AuthForm read={readSignUp} onSubmit={submitValid} submitLabel={m.signUpSubmit} busyLabel={m.signUpBusy}>
      <FormField label={m.displayName} name="displayName" autoComplete="name" required error={shown.displayName} />
      <FormField
        label={m.handle}
        name="handle"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={handle}
        onChange={(event) => {
          setHandle(toHandle(event.target.value))
        }}
        error={shown.handle}
      />
      <EmailField error={shown.email} />
      <NewPasswordFields label={m.password} errors={shown} />
    </AuthForm>
  )
}

function readSignUp(data: FormData): SignUpValues {
  return {
    displayName: field(data, 'displayName'),
    handle: field(data, 'handle'),
    email: field(data, 'email').trim(),
    password: field(data, 'password'),
    confirmPassword: field(data, 'confirmPassword'),
  }
}
