import type { FeedAlgorithm } from '../types'

/**
 * Query keys of the feed reads: one infinite list per algorithm, and one
 * per audience (a community's posts), all under ['feed'] so that every
 * change to a post reaches each list that holds it.
 */
export const feedKeys = {
  all: ['feed'] as const,
  list: (algorithm: FeedAlgorithm) => ['feed', algorithm] as const,
  audience: (id: string) => ['feed', 'audience', id] as const,
}

/**
 * Query keys of one post's page (/post/{id}): the post itself and its
 * comment thread, both under ['post', id] so one invalidation reads both again.
 */
export const postKeys = {
  all: ['post'] as const,
  post: (id: string) => ['post', id] as const,
  detail: (id: string) => ['post', id, 'detail'] as const,
  comments: (id: string) => ['post', id, 'comments'] as const,
}
