import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'

import { Logo } from '@/components/layout/logo'
import { Card, CardContent, CardHeader } from '@/components/ui/card'

/** The centred card with the logo that every signed-out screen uses; the product's name is the page's heading. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="justify-items-center">
          <h1>
            <Logo />
          </h1>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </main>
  )
}

export function AuthAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  )
}
