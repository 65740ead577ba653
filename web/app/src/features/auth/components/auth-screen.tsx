import { Logo } from '@/components/layout/logo'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'

import { authMessages as m } from '../messages'
import type { SignInValues, SignUpValues, SubmitHandler } from '../types'

import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'

interface AuthScreenProps {
  onSignIn?: SubmitHandler<SignInValues>
  onSignUp?: SubmitHandler<SignUpValues>
}

/** /auth: the logo and the 'Entrar' / 'Cadastrar' tabs (spec 000, sign-in and sign-up). */
export function AuthScreen({ onSignIn, onSignUp }: AuthScreenProps) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="justify-items-center">
          <Logo />
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="sign-in">
            <TabsList>
              <TabsTrigger value="sign-in">{m.signInTab}</TabsTrigger>
              <TabsTrigger value="sign-up">{m.signUpTab}</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <SignInForm onSubmit={onSignIn} />
            </TabsContent>
            <TabsContent value="sign-up">
              <SignUpForm onSubmit={onSignUp} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </main>
  )
}
