import { ApiError, fieldErrorsOf, type Problem } from '@/lib/api'
import { refusedOffline } from '@/lib/use-mutation'

import { authMessages as m } from './messages'
import type { FieldErrors, SignInValues, SignUpValues } from './types'

export interface ToastText {
  title: string
  description: string
}

/** What a failed call turns into on screen. */
export interface Failure<T> {
  /** The destructive toast (absent when the screen shows the failure inline). */
  toast?: ToastText
  /** Server messages to show under the matching inputs. */
  fieldErrors: FieldErrors<T>
}

/** Maps the server's field names (body.<name>) to the form's own. */
export type FieldNames<T> = Partial<Record<string, keyof T>>

function problemOf(error: unknown): Problem | undefined {
  return error instanceof ApiError ? error.problem : undefined
}

function mapFields<T>(problem: Problem | undefined, names: FieldNames<T>): FieldErrors<T> {
  const result: FieldErrors<T> = {}
  for (const [serverName, message] of Object.entries(fieldErrorsOf(problem))) {
    const name = names[serverName]
    if (name !== undefined && message !== undefined) result[name] = message
  }
  return result
}

const unexpected: ToastText = { title: m.errorTitle, description: m.unexpectedError }

/**
 * The common part: 429 reads 'Muitas tentativas' with the server's wait text;
 * a server problem with a message reads `otherTitle` with that message; a
 * failure without one (network down, a proxy's HTML page) is unexpected. A
 * call refused offline was never sent: the offline toast has said so already.
 */
export function describeFailure<T>(error: unknown, otherTitle: string, names: FieldNames<T> = {}): Failure<T> {
  if (refusedOffline(error)) return { fieldErrors: {} }
  const problem = problemOf(error)
  const fieldErrors = mapFields(problem, names)
  if (!problem?.detail) return { toast: unexpected, fieldErrors }
  if (problem.status === 429 || (error instanceof ApiError && error.status === 429)) {
    return { toast: { title: m.rateLimitedTitle, description: problem.detail }, fieldErrors }
  }
  return { toast: { title: otherTitle, description: problem.detail }, fieldErrors }
}

const signUpFields: FieldNames<SignUpValues> = {
  email: 'email',
  password: 'password',
  password_confirmation: 'confirmPassword',
  display_name: 'displayName',
  handle: 'handle',
}

/** How a failed sign-up is told: a field's message under it, the rest as a toast. */
export function describeSignUpFailure(error: unknown): Failure<SignUpValues> {
  const problem = problemOf(error)
  const fieldErrors = mapFields(problem, signUpFields)
  if (problem?.code === 'invalid_input') {
    return { toast: { title: m.invalidFormTitle, description: m.invalidFormDescription }, fieldErrors }
  }
  if (problem?.code === 'email_taken') return { toast: { title: m.errorTitle, description: m.emailTaken }, fieldErrors }
  return describeFailure(error, m.signUpErrorTitle, signUpFields)
}

/** A sign-in failure; `unconfirmed` carries the server's text when the e-mail awaits confirmation. */
export interface SignInFailure extends Failure<SignInValues> {
  unconfirmed?: string
}

/** How a failed sign-in is told. */
export function describeSignInFailure(error: unknown): SignInFailure {
  const problem = problemOf(error)
  const names: FieldNames<SignInValues> = { email: 'email', password: 'password' }
  if (problem?.code === 'invalid_credentials') {
    return { toast: { title: m.errorTitle, description: m.invalidCredentials }, fieldErrors: {} }
  }
  if (problem?.code === 'email_not_confirmed' && problem.detail) {
    return { unconfirmed: problem.detail, fieldErrors: {} }
  }
  return describeFailure(error, m.signInErrorTitle, names)
}
