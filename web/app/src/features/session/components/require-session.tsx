import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'

import { paths } from '@/config/paths'

import { useSession } from '../hooks/use-session'

import { LoadingScreen } from './loading-screen'

/** Access guard: spinner while the session loads, /auth when there is none. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession()
  const location = useLocation()
  if (status === 'loading') return <LoadingScreen />
  if (status === 'signed-out') return <Navigate to={paths.auth} replace state={{ from: location.pathname + location.search }} />
  return children
}
