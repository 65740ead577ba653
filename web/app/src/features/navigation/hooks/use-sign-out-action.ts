import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'

import { paths } from '@/config/paths'
import { useSession } from '@/features/session'

import { navigationMessages as m } from '../messages'

/** 'Sair' in both bars: end the session, toast the outcome, go to /auth. */
export function useSignOutAction() {
  const { signOut } = useSession()
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)

  const run = async () => {
    setSigningOut(true)
    try {
      await signOut()
      toast.success(m.signOutSuccess, { description: m.signOutSuccessDescription })
      await navigate(paths.auth, { replace: true })
    } catch (error) {
      console.error('sign out failed', error)
      toast.error(m.signOutError)
    } finally {
      setSigningOut(false)
    }
  }

  return { signingOut, signOut: () => void run() }
}
