import { CircleAlert, Copy, KeyRound } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'

import { Logo } from '@/components/layout/logo'
import { MemberAvatar } from '@/components/member-avatar'
import { Placeholders } from '@/components/placeholders'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useSession } from '@/features/session'
import { problemDetailOr } from '@/lib/api'
import { toast } from '@/lib/toast'

import {
  authorizationParams,
  useAuthorizationRequest,
  useDecideAuthorization,
  type AuthorizationDecision,
} from '../api/authorization'
import { oauthMessages as m, scopeText } from '../messages'

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md min-w-0">
        <CardHeader className="justify-items-center">
          <Logo />
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4">{children}</CardContent>
      </Card>
    </main>
  )
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive [overflow-wrap:anywhere]"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">{children}</span>
    </p>
  )
}

/**
 * /oauth/authorize: an app asks for access to the member's account. The
 * member sees the app, who they are signed in as and what each scope lets
 * the app do, then 'Autorizar' or 'Negar'. The decision sends them back to
 * the app's redirect URI, or, for an app without one, shows the code.
 */
export function ConsentScreen() {
  const [search] = useSearchParams()
  const [params] = useState(() => authorizationParams(search))
  const request = useAuthorizationRequest(params)
  const decide = useDecideAuthorization()
  const { user } = useSession()
  const [outcome, setOutcome] = useState<{ approved: boolean; decision: AuthorizationDecision } | null>(null)

  const choose = (approve: boolean) => {
    decide.mutate(
      { approve, params },
      {
        onSuccess: (decision) => {
          setOutcome({ approved: approve, decision })
          if (decision.redirect_to) window.location.assign(decision.redirect_to)
        },
      },
    )
  }

  if (request.isPending) {
    return (
      <Frame>
        <Placeholders label={m.loading} count={1} className="grid gap-3">
          <Skeleton className="h-7 w-3/4" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-24 w-full" />
        </Placeholders>
      </Frame>
    )
  }
  if (request.isError) {
    return (
      <Frame>
        <h1 className="text-lg font-semibold">{m.failed}</h1>
        <Alert>{problemDetailOr(request.error, m.requestFailed)}</Alert>
        <Button asChild variant="outline" className="h-11 sm:h-9">
          <Link to={paths.home}>{m.backHome}</Link>
        </Button>
      </Frame>
    )
  }

  const view = request.data
  if (outcome) {
    const code = outcome.decision.code
    if (outcome.decision.redirect_to) {
      return (
        <Frame>
          <p role="status" className="text-center text-sm text-muted-foreground">
            {m.redirecting}
          </p>
        </Frame>
      )
    }
    return (
      <Frame>
        <h1 className="text-lg font-semibold">{outcome.approved ? m.codeHeading : m.deniedHeading}</h1>
        {outcome.approved && code ? (
          <>
            <p className="text-sm">{m.codeHint}</p>
            <output
              aria-label={m.codeLabel}
              className="block rounded-md border bg-muted p-3 font-mono text-sm break-all select-all"
            >
              {code}
            </output>
            <Button
              variant="outline"
              className="h-11 sm:h-9"
              onClick={() => {
                void navigator.clipboard.writeText(code).then(() => {
                  toast.success(m.copied)
                })
              }}
            >
              <Copy aria-hidden="true" />
              {m.copy}
            </Button>
          </>
        ) : (
          <p className="text-sm">{m.deniedHint}</p>
        )}
      </Frame>
    )
  }

  return (
    <Frame>
      <h1 className="text-lg leading-snug font-semibold [overflow-wrap:anywhere]">{m.heading(view.app.name)}</h1>
      {view.app.website ? (
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          <span className="sr-only">{m.website}: </span>
          {view.app.website}
        </p>
      ) : null}
      {user ? (
        <div className="flex min-w-0 items-center gap-3 rounded-md border p-3">
          <MemberAvatar src={user.avatarUrl} variants={user.avatarVariants} name={user.displayName} size={40} className="size-10" eager />
          <div className="grid min-w-0">
            <span className="text-xs text-muted-foreground">{m.signedInAs}</span>
            <span className="truncate font-medium">{user.displayName}</span>
            <span className="truncate text-sm text-muted-foreground">{m.handle(user.handle)}</span>
          </div>
        </div>
      ) : null}
      <div className="grid gap-2">
        <h2 className="text-sm font-medium">{m.mayDo}</h2>
        <ul className="grid gap-2 text-sm">
          {(view.scopes ?? []).map((scope) => (
            <li key={scope} className="flex items-start gap-2">
              <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0">{scopeText(scope)}</span>
            </li>
          ))}
        </ul>
      </div>
      {view.oob ? null : (
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{m.returnsTo(view.redirect_uri)}</p>
      )}
      <p className="text-xs text-muted-foreground">{m.trust}</p>
      {decide.isError ? <Alert>{problemDetailOr(decide.error, m.decisionFailed)}</Alert> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          variant="outline"
          className="h-11 sm:order-1 sm:h-9"
          disabled={decide.isPending}
          onClick={() => {
            choose(false)
          }}
        >
          {decide.isPending && !decide.variables.approve ? m.denying : m.deny}
        </Button>
        <Button
          className="h-11 sm:order-2 sm:h-9"
          disabled={decide.isPending}
          onClick={() => {
            choose(true)
          }}
        >
          {decide.isPending && decide.variables.approve ? m.authorizing : m.authorize}
        </Button>
      </div>
    </Frame>
  )
}
