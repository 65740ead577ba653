import type { QueryClient } from '@tanstack/react-query'

import { feedKeys } from '@/features/posts'

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

/** The reads about one community: its detail, its posts, its members (every status). */
function aboutCommunity(id: string) {
  return [communityKeys.detail(id), feedKeys.audience(id), communityKeys.members(id)]
}

/**
 * Right after a community is deleted, while its page is still shown: stops
 * any read of it in flight and takes it out of the cached lists. Its reads
 * stay cached until the page is gone (forgetCommunity): a query removed under
 * a mounted screen is read again at that screen's next render.
 */
export async function settleDeletedCommunity(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all(aboutCommunity(id).map((queryKey) => queryClient.cancelQueries({ queryKey })))
  queryClient.setQueriesData<Community[]>({ queryKey: communityKeys.lists }, (data) =>
    data?.filter((item) => item.id !== id),
  )
}

/** Whether this community was deleted from this device (a deletion that succeeded). */
export function wasDeleted(queryClient: QueryClient, id: string): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: communityKeys.deletion, status: 'success' })
    .some((deletion) => deletion.state.variables === id)
}

/** Drops what was read about a deleted community, once nothing on screen reads it. */
export function forgetCommunity(queryClient: QueryClient, id: string): void {
  for (const queryKey of aboutCommunity(id)) queryClient.removeQueries({ queryKey })
}
