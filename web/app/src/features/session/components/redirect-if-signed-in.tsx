import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'

import { paths } from '@/config/paths'

import { useSession } from '../hooks/use-session'

import { LoadingScreen } from './loading-screen'

/**
 * For /auth: someone who already has a session goes to the feed, or back to
 * the app's consent screen that sent them to sign in (with its query). No
 * other page is returned to: a member who signed out from Settings and signs
 * in again starts at the feed, and only a path of this app is followed,
 * never another site.
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
  if (typeof from !== 'string') return paths.home
  const consent = from === paths.oauthAuthorize || from.startsWith(`${paths.oauthAuthorize}?`)
  return consent ? from : paths.home
}
