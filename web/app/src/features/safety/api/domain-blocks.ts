import { useQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, unwrapEmpty, useApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { safetyKeys } from './safety-keys'

type BlockDomain = ApiPaths['/api/v1/safety/domain-blocks']['post']
export type DomainBlock = BlockDomain['responses'][200]['content']['application/json']

/** GET /api/v1/safety/domain-blocks: the servers the viewer blocks, newest first. */
export function useDomainBlocks() {
  const client = useApiClient()
  return useQuery({
    queryKey: safetyKeys.domains,
    queryFn: async (): Promise<DomainBlock[]> =>
      unwrap('GET /api/v1/safety/domain-blocks', await client.GET('/api/v1/safety/domain-blocks')).items ?? [],
  })
}

/** POST /api/v1/safety/domain-blocks: blocks a whole server; every feed and profile is read again. */
export function useBlockDomain() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (domain: string) =>
      unwrap(
        'POST /api/v1/safety/domain-blocks',
        await client.POST('/api/v1/safety/domain-blocks', { body: { domain } }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData<DomainBlock[]>(safetyKeys.domains, (list) => [
        saved,
        ...(list ?? []).filter((b) => b.domain !== saved.domain),
      ])
      void queryClient.invalidateQueries()
    },
  })
}

/** DELETE /api/v1/safety/domain-blocks/{domain}; a 404 means it was already gone. */
export function useUnblockDomain() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (domain: string) => {
      const result = await client.DELETE('/api/v1/safety/domain-blocks/{domain}', { params: { path: { domain } } })
      if (result.response.status !== 404) unwrapEmpty(`DELETE /api/v1/safety/domain-blocks/${domain}`, result)
      return domain
    },
    onSuccess: (domain) => {
      queryClient.setQueryData<DomainBlock[]>(safetyKeys.domains, (list) => list?.filter((b) => b.domain !== domain))
      void queryClient.invalidateQueries()
    },
  })
}
