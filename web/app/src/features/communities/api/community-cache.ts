import type { QueryClient } from '@tanstack/react-query'

import type { Community } from '../types'

import { communityKeys } from './community-keys'

/** Changes every cached copy of one community: each list it is in and its detail. */
export function updateCachedCommunity(
  queryClient: QueryClient,
  id: string,
  change: (community: Community) => Community,
): void {
  queryClient.setQueriesData<Community[]>({ queryKey: communityKeys.lists }, (data) =>
    data?.map((item) => (item.id === id ? change(item) : item)),
  )
  queryClient.setQueryData<Community>(communityKeys.detail(id), (community) => (community ? change(community) : community))
}

/** Drops what was read about a deleted community (after leaving its page). */
export function forgetCommunity(queryClient: QueryClient, id: string): void {
  for (const queryKey of [communityKeys.detail(id), communityKeys.posts(id), communityKeys.members(id)]) {
    queryClient.removeQueries({ queryKey })
  }
}
