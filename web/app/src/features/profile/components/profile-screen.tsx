import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useParams } from 'react-router'

import { useSession } from '@/features/session'
import { ApiError, useApiClient } from '@/lib/api'

import { myProfileQueryOptions } from '../api/get-my-profile'
import { profileQueryOptions } from '../api/get-profile'

import { ProfileNotFound } from './profile-not-found'
import { ProfileSkeleton } from './profile-skeleton'
import { ProfileView } from './profile-view'

/** /profile (the member's own) and /profile/:handle: loading, not found, or shown. */
export function ProfileScreen() {
  const { handle } = useParams()
  const { user } = useSession()
  const client = useApiClient()
  const query = useQuery(handle ? profileQueryOptions(client, handle) : myProfileQueryOptions(client))
  const { error } = query

  useEffect(() => {
    // No such profile is just an answer; any other failure is logged.
    if (error && !(error instanceof ApiError && error.status === 404)) console.error('profile fetch failed', error)
  }, [error])

  if (query.isPending) return <ProfileSkeleton />
  if (query.isError) return <ProfileNotFound handle={handle ?? user?.handle ?? ''} />
  // /profile lists the signed-in member's posts by their own handle.
  const postsHandle = handle ? query.data.handle : (user?.handle ?? query.data.handle)
  return <ProfileView profile={query.data} isOwner={user?.id === query.data.id} postsHandle={postsHandle} />
}
