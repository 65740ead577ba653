import { CircleAlert, CircleCheck, LoaderCircle, WifiOff } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'

import { Logo } from '@/components/layout/logo'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { useOnline } from '@/lib/online'
import { cn } from '@/lib/utils'

import { useUnsubscribeDigest } from '../api/unsubscribe'
import { emailDigestMessages as m } from '../messages'

/** The token of the link: `#t=...`, in the fragment so that no request carries it. */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('t') ?? ''
}

/**
 * /email/unsubscribe#t=…, the page a weekly digest e-mail links to; no
 * session needed. It takes the token from the fragment, clears the fragment
 * from the address bar (and the history), and posts the token in a request
 * body: the digest is off, or the server says why not (an invalid or
 * expired link). Offline, it waits for the network.
 */
export function UnsubscribeScreen() {
  const location = useLocation()
  const navigate = useNavigate()
  const [token] = useState(() => tokenOf(location.hash))
  const online = useOnline()
  const unsubscribe = useUnsubscribeDigest()
  const sent = useRef(false)
  const { mutate } = unsubscribe

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }, [location.hash, location.pathname, location.search, navigate])

  useEffect(() => {
    if (!token || !online || sent.current) return
    sent.current = true
    mutate(token)
  }, [token, online, mutate])

  let body: ReactNode
  if (!token) {
    body = <Notice tone="error">{m.noLink}</Notice>
  } else if (unsubscribe.isSuccess) {
    body = (
      <>
        <Notice tone="done">{m.done}</Notice>
        <p className="text-sm text-muted-foreground">{m.doneHint}</p>
      </>
    )
  } else if (unsubscribe.isError) {
    const { error } = unsubscribe
    // A refusal (the link is invalid or expired) is said as the server says it.
    const refusal = error instanceof ApiError && error.status < 500 ? (error.problem?.detail ?? m.noLink) : null
    body = refusal ? (
      <Notice tone="error">{refusal}</Notice>
    ) : (
      <>
        <Notice tone="error">
          {m.failed} {m.failedHint}
        </Notice>
        <Button
          className="h-11 w-full sm:w-auto sm:justify-self-center"
          disabled={!online}
          onClick={() => {
            mutate(token)
          }}
        >
          {m.retry}
        </Button>
      </>
    )
  } else if (!online && !unsubscribe.isPending) {
    body = <Notice tone="offline">{m.offline}</Notice>
  } else {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 text-sm">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
        {m.working}
      </p>
    )
  }

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="justify-items-center gap-3">
          <Logo />
          <h1 className="text-center text-lg font-semibold">{m.title}</h1>
        </CardHeader>
        <CardContent className="grid gap-4">
          {body}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button asChild variant="outline" className="h-11 sm:h-9">
              <Link to={paths.settings}>{m.openSettings}</Link>
            </Button>
            <Button asChild variant="link" className="h-11 sm:h-9">
              <Link to={paths.home}>{m.goHome}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  )
}

const tones = {
  done: { icon: CircleCheck, role: 'status', className: 'border-emerald-300 bg-emerald-50 text-emerald-950' },
  error: { icon: CircleAlert, role: 'alert', className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  offline: { icon: WifiOff, role: 'status', className: 'border-amber-300 bg-amber-50 text-amber-950' },
} as const

function Notice({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  const { icon: Icon, role, className } = tones[tone]
  return (
    <p role={role} className={cn('flex items-start gap-2 rounded-md border p-3 text-sm [overflow-wrap:anywhere]', className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  )
}
