export { AuthScreen } from './components/auth-screen'
export { SignInForm } from './components/sign-in-form'
export { SignUpForm } from './components/sign-up-form'
export type { FieldErrors, SignInValues, SignUpValues, SubmitHandler } from './types'
