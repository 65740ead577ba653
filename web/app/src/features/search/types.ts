import type { ApiPaths } from '@/lib/api'

/** GET /api/v1/search: users, then communities, then posts, at most 5 of each (items may come as null). */
export type SearchResults = ApiPaths['/api/v1/search']['get']['responses'][200]['content']['application/json']

/** One result; a user's subtitle is '@handle'. */
export type SearchResult = NonNullable<SearchResults['items']>[number]

/** GET /api/v1/search/suggestions: the week's trending hashtags (tags without '#'). */
export type SearchSuggestions = ApiPaths['/api/v1/search/suggestions']['get']['responses'][200]['content']['application/json']
