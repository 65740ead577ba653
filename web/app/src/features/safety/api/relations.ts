import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient, type ApiPaths } from '@/lib/api'
import { cursorPagesOptions } from '@/lib/cursor-pages'
import { useMutation } from '@/lib/use-mutation'

import { safetyKeys } from './safety-keys'

export type MemberPage = ApiPaths['/api/v1/safety/blocks']['get']['responses'][200]['content']['application/json']
export type MemberEntry = NonNullable<MemberPage['items']>[number]

/** Which relation: a block (both ways) or a mute (the viewer's side only). */
export type Relation = 'block' | 'mute'

/** POST or DELETE /api/v1/profiles/{handle}/block|mute (both idempotent): the state after the call. */
async function setRelation(client: ApiClient, relation: Relation, handle: string, on: boolean): Promise<boolean> {
  const init = { params: { path: { handle } } }
  if (relation === 'block') {
    const result = on
      ? await client.POST('/api/v1/profiles/{handle}/block', init)
      : await client.DELETE('/api/v1/profiles/{handle}/block', init)
    return unwrap(`${on ? 'POST' : 'DELETE'} /api/v1/profiles/${handle}/block`, result).blocking
  }
  const result = on
    ? await client.POST('/api/v1/profiles/{handle}/mute', init)
    : await client.DELETE('/api/v1/profiles/{handle}/mute', init)
  return unwrap(`${on ? 'POST' : 'DELETE'} /api/v1/profiles/${handle}/mute`, result).muting
}

export interface RelationChange {
  relation: Relation
  handle: string
  on: boolean
}

/**
 * Blocks, unblocks, mutes or unmutes a member. A block or a mute changes
 * what every list shows (feeds, threads, notifications, profiles), so
 * every query is read again once it is done; the lists of /settings drop
 * an undone entry at once.
 */
export function useSetRelation() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ relation, handle, on }: RelationChange) => setRelation(client, relation, handle, on),
    onSuccess: (_state, { relation, handle, on }) => {
      if (!on) {
        const key = relation === 'block' ? safetyKeys.blocks : safetyKeys.mutes
        queryClient.setQueryData<{ pages: MemberPage[]; pageParams: unknown[] }>(key, (data) =>
          data
            ? { ...data, pages: data.pages.map((p) => ({ ...p, items: (p.items ?? []).filter((e) => e.handle !== handle) })) }
            : data,
        )
      }
      void queryClient.invalidateQueries()
    },
  })
}

function listOptions(client: ApiClient, relation: Relation) {
  const path = relation === 'block' ? '/api/v1/safety/blocks' : '/api/v1/safety/mutes'
  return cursorPagesOptions(
    relation === 'block' ? safetyKeys.blocks : safetyKeys.mutes,
    async (cursor, signal): Promise<MemberPage> =>
      unwrap(`GET ${path}`, await client.GET(path, { params: { query: cursor ? { cursor } : {} }, signal })),
  )
}

/** GET /api/v1/safety/blocks or /mutes: the viewer's own list, 50 at a time, newest first. */
export function useRelationList(relation: Relation) {
  const client = useApiClient()
  return useInfiniteQuery(listOptions(client, relation))
}
