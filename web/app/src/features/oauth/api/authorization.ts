import { useQuery } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

type ReadAuthorization = ApiPaths['/api/v1/oauth/authorization']['get']
export type AuthorizationParams =
  ApiPaths['/api/v1/oauth/authorization']['post']['requestBody']['content']['application/json']
export type AuthorizationView = ReadAuthorization['responses'][200]['content']['application/json']
export type AuthorizationDecision =
  ApiPaths['/api/v1/oauth/authorization']['post']['responses'][200]['content']['application/json']

/** The app's /oauth/authorize parameters, read from the page's query. */
export function authorizationParams(search: URLSearchParams): AuthorizationParams {
  const get = (name: string) => search.get(name) ?? undefined
  return {
    response_type: search.get('response_type') ?? '',
    client_id: search.get('client_id') ?? '',
    redirect_uri: get('redirect_uri'),
    scope: get('scope'),
    state: get('state'),
    code_challenge: get('code_challenge'),
    code_challenge_method: get('code_challenge_method'),
  }
}

/** GET /api/v1/oauth/authorization: the app and the scopes it asks for. */
export function useAuthorizationRequest(params: AuthorizationParams) {
  const client = useApiClient()
  return useQuery({
    queryKey: ['oauth', 'authorization', params],
    queryFn: async (): Promise<AuthorizationView> =>
      unwrap('GET /api/v1/oauth/authorization', await client.GET('/api/v1/oauth/authorization', { params: { query: params } })),
    retry: false,
  })
}

/** POST /api/v1/oauth/authorization ('Autorizar') or …/deny ('Negar'): where the member goes next. */
export function useDecideAuthorization() {
  const client = useApiClient()
  return useMutation({
    mutationFn: async ({ approve, params }: { approve: boolean; params: AuthorizationParams }) =>
      approve
        ? unwrap('POST /api/v1/oauth/authorization', await client.POST('/api/v1/oauth/authorization', { body: params }))
        : unwrap(
            'POST /api/v1/oauth/authorization/deny',
            await client.POST('/api/v1/oauth/authorization/deny', { body: params }),
          ),
  })
}
