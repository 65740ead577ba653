import { queryOptions, useQuery } from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'

import type { SearchResults, SearchSuggestions } from '../types'

export const searchKeys = {
  all: ['search'] as const,
  term: (term: string) => ['search', term] as const,
}

/** GET /api/v1/search?q=…: users, communities and posts, at most 5 of each. */
export async function search(client: ApiClient, term: string, signal?: AbortSignal): Promise<SearchResults> {
  return unwrap(
    'GET /api/v1/search',
    await client.GET('/api/v1/search', { params: { query: { q: term } }, signal }),
  )
}

export function searchQueryOptions(client: ApiClient, term: string) {
  return queryOptions({
    queryKey: searchKeys.term(term),
    // The signal lets TanStack Query abort a search nobody waits for any more.
    queryFn: ({ signal }) => search(client, term, signal),
    enabled: term !== '',
  })
}

/** The answer for `term` only: an older term's late answer never shows. */
export function useSearch(term: string) {
  const client = useApiClient()
  return useQuery(searchQueryOptions(client, term))
}

export const suggestionKeys = { all: ['search', 'suggestions'] as const }

/** GET /api/v1/search/suggestions: the week's trending hashtags, most members first. */
export async function searchSuggestions(client: ApiClient, signal?: AbortSignal): Promise<SearchSuggestions> {
  return unwrap('GET /api/v1/search/suggestions', await client.GET('/api/v1/search/suggestions', { signal }))
}

/** The suggestions, asked once a screen opens and kept five minutes, as long as the server keeps its own. */
export function useSearchSuggestions() {
  const client = useApiClient()
  return useQuery({
    queryKey: suggestionKeys.all,
    queryFn: ({ signal }) => searchSuggestions(client, signal),
    staleTime: 5 * 60_000,
    retry: false,
  })
}
