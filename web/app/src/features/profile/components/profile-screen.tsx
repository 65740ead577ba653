import { useParams } from 'react-router'

import { Page } from '@/components/layout/page'

import { profileMessages as m } from '../messages'

/** /profile and /profile/:handle — the profile itself comes with the profiles issue. */
export function ProfileScreen() {
  const { handle } = useParams()
  return <Page title={handle ? m.handle(handle) : m.title} />
}
