import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query'

/** A page of a list the server hands out by cursor. */
export interface CursorPage {
  /** The cursor of the page after this one; none on the last page. */
  next_cursor?: string | null
}

/**
 * Infinite-query options for a list read from its first page on: every
 * later page is asked for with the cursor the page before it named, and a
 * page without one is the last. The signal drops a read nobody waits for.
 */
export function cursorPagesOptions<TPage extends CursorPage, TKey extends QueryKey>(
  queryKey: TKey,
  readPage: (cursor: string | undefined, signal: AbortSignal) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => readPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TPage) => last.next_cursor || undefined,
  })
}
