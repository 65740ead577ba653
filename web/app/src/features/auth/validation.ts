import { characterCount, cleanText } from '@/lib/clean-text'

import { authMessages as m } from './messages'
import type { FieldErrors, SignUpValues } from './types'

/**
 * The server's sign-up rules, checked before sending as a
 * courtesy. The server checks them again and its answer wins.
 */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailError(email: string): string | undefined {
  if (characterCount(email) > 255) return m.emailTooLong
  if (!emailPattern.test(email)) return m.emailInvalid
  return undefined
}

export function passwordError(password: string): string | undefined {
  const length = characterCount(password)
  if (length < 8) return m.passwordTooShort
  if (length > 128) return m.passwordTooLong
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) return m.passwordWeak
  return undefined
}

export function confirmationError(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : m.passwordMismatch
}

export function displayNameError(displayName: string): string | undefined {
  const cleaned = cleanText(displayName)
  if (cleaned === '') return m.displayNameEmpty
  if (characterCount(cleaned) > 50) return m.displayNameTooLong
  return undefined
}

export function handleError(handle: string): string | undefined {
  if (!/^[a-z0-9_]*$/.test(handle)) return m.handleCharacters
  if (handle.length < 3 || handle.length > 30) return m.handleLength
  return undefined
}

/** What typing in 'Nome de usuário' keeps: lowercased, only [a-z0-9_]. */
export function toHandle(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9_]/g, '')
}

/** Drops the fields without a message, so an empty object means valid. */
function compact<T>(errors: FieldErrors<T>): FieldErrors<T> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<T>
}

export function validateSignUp(values: SignUpValues): FieldErrors<SignUpValues> {
  return compact<SignUpValues>({
    email: emailError(values.email),
    password: passwordError(values.password),
    confirmPassword: confirmationError(values.password, values.confirmPassword),
    displayName: displayNameError(values.displayName),
    handle: handleError(values.handle),
  })
}

export function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.keys(errors).length > 0
}
