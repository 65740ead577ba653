import { useState } from 'react'

import { useSignUp } from '../api/sign-up'
import { describeSignUpFailure } from '../failures'
import { authMessages as m } from '../messages'
import { showErrorToast } from '../show-toast'
import type { FieldErrors, SignUpValues } from '../types'

import { ConfirmationNotice } from './confirmation-notice'
import { SignUpForm } from './sign-up-form'

/** The 'Cadastrar' tab: the form, then 'Verifique seu email…' with 'Reenviar email'. */
export function SignUpPanel() {
  const signUp = useSignUp()
  const [errors, setErrors] = useState<FieldErrors<SignUpValues>>({})
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null)

  if (signedUpEmail) return <ConfirmationNotice message={m.checkYourEmail} email={signedUpEmail} />

  const submit = async (values: SignUpValues) => {
    setErrors({})
    try {
      await signUp.mutateAsync(values)
      setSignedUpEmail(values.email)
    } catch (error) {
      const failure = describeSignUpFailure(error)
      setErrors(failure.fieldErrors)
      if (failure.toast) showErrorToast(failure.toast)
    }
  }

  return <SignUpForm onSubmit={submit} errors={errors} />
}
