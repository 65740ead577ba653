import type { FeedAlgorithm } from '../types'

/** Query keys of the feed reads: one infinite list per algorithm. */
export const feedKeys = {
  all: ['feed'] as const,
  list: (algorithm: FeedAlgorithm) => ['feed', algorithm] as const,
}
