import type { ApiPaths } from '@/lib/api'

type ListFeed = ApiPaths['/api/v1/feed']['get']

export type FeedAlgorithm = NonNullable<NonNullable<ListFeed['parameters']['query']>['algorithm']>
export type FeedPage = ListFeed['responses'][200]['content']['application/json']
export type FeedPost = NonNullable<FeedPage['items']>[number]
