import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'

import { paths } from '@/config/paths'

import { notFoundMessages as m } from '../messages'

/** Any unknown path; reachable without a session. */
export function NotFoundScreen() {
  const { pathname } = useLocation()

  useEffect(() => {
    // The missing path is logged: a broken link to chase.
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <div className="grid gap-4 text-center">
        <p className="text-5xl font-bold text-primary">{m.code}</p>
        <h1 className="text-xl text-muted-foreground">{m.title}</h1>
        <Link to={paths.home} className="text-primary underline underline-offset-4 hover:text-primary/80">
          {m.returnHome}
        </Link>
      </div>
    </main>
  )
}
