import type { ReactNode } from 'react'
import { Navigate } from 'react-router'

import { paths } from '@/config/paths'

import { useSession } from '../hooks/use-session'

import { LoadingScreen } from './loading-screen'

/** For /auth: someone who already has a session goes to the feed. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useSession()
  if (status === 'loading') return <LoadingScreen />
  if (status === 'signed-in') return <Navigate to={paths.home} replace />
  return children
}
