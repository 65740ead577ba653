import { useSearchParams } from 'react-router'

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'

import { authMessages as m } from '../messages'

import { AuthAlert, AuthFrame } from './auth-frame'
import { SignInPanel } from './sign-in-panel'
import { SignUpPanel } from './sign-up-panel'

/**
 * /auth: the logo and the 'Entrar' / 'Cadastrar' tabs (sign-in and
 * sign-up). The confirmation link lands here with ?confirmacao=invalida when
 * it was bad, expired or already used.
 */
export function AuthScreen() {
  const [searchParams] = useSearchParams()
  const confirmationInvalid = searchParams.get('confirmacao') === 'invalida'
  return (
    <AuthFrame>
      {confirmationInvalid ? <AuthAlert>{m.confirmationInvalid}</AuthAlert> : null}
      <Tabs defaultValue="sign-in">
        <TabsList>
          <TabsTrigger value="sign-in">{m.signInTab}</TabsTrigger>
          <TabsTrigger value="sign-up">{m.signUpTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <SignInPanel />
        </TabsContent>
        <TabsContent value="sign-up">
          <SignUpPanel />
        </TabsContent>
      </Tabs>
    </AuthFrame>
  )
}
