import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'

import { paths } from '@/config/paths'

import { useSession } from '../hooks/use-session'

import { LoadingScreen } from './loading-screen'

/**
 * For /auth: someone who already has a session goes to the feed, or back to
 * the page that sent them to sign in (an app's consent screen, with its
 * query). Only a path of this app is followed, never another site.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useSession()
  const location = useLocation()
  if (status === 'loading') return <LoadingScreen />
  if (status === 'signed-in') return <Navigate to={returnPath(location.state)} replace />
  return children
}

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')
    ? from
    : paths.home
}
