export interface SignInValues {
  email: string
  password: string
}

export interface SignUpValues {
  displayName: string
  handle: string
  email: string
  password: string
  confirmPassword: string
}

export interface ForgotPasswordValues {
  email: string
}

export interface ResetPasswordValues {
  token: string
  password: string
  confirmPassword: string
}

/** Per-field messages shown under the inputs. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>

/**
 * Called with the form's values. While the returned promise is pending the
 * submit button shows its busy label. A form without a handler cannot submit.
 */
export type SubmitHandler<T> = (values: T) => Promise<void> | void
