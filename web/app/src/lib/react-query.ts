import {
  MutationCache,
  onlineManager,
  QueryClient,
  type InvalidateOptions,
  type QueryKey,
  type InvalidateQueryFilters,
  type QueryClientConfig,
} from '@tanstack/react-query'

import { ApiError } from './api'

/**
 * While the server answers 503 with Retry-After (its database is away for a
 * moment), a query waits as asked and tries again this many times: about
 * fifteen seconds at the server's five, enough for a restart or a failover.
 */
const unavailableRetries = 3

/** A Retry-After longer than this is not believed: a screen must not stall on a wrong header. */
const longestWait = 30_000

/**
 * Whether a failed query asks again: never after a 4xx (the server has
 * answered: not found, not allowed, and asking again gets the same answer);
 * a few times, as told, while the server says it is briefly unavailable;
 * once after anything else, to ride out a blip without hammering the API.
 */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError) {
    if (error.status === 503 && error.retryAfterMs !== undefined) return failureCount < unavailableRetries
    if (error.status >= 400 && error.status < 500) return false
  }
  return failureCount < 1
}

/** How long before the next try: the server's Retry-After when it gave one, else TanStack Query's own backoff. */
export function retryDelay(failureCount: number, error: Error): number {
  if (error instanceof ApiError && error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, longestWait)
  return Math.min(1000 * 2 ** failureCount, longestWait)
}

/** A write tried without network: refused before it is sent, never queued. */
export class OfflineWriteError extends Error {
  constructor() {
    super('offline')
    this.name = 'OfflineWriteError'
  }
}

/** The read a query has in flight, if any (read anew at each call). */
function readInFlight(query: { readonly promise: Promise<unknown> | undefined }): Promise<unknown> | undefined {
  return query.promise
}

/**
 * The app's QueryClient: TanStack Query's, where a read that was already in
 * flight does not undo a change made meanwhile. Such a read began before the
 * change, and its answer would replace it when it lands: a member who just
 * joined would vanish from the list they joined, a live message would
 * disappear from the chat.
 *
 * - A change written into the cache (setQueryData, from a live event or a
 *   write's answer) while its query is being read restarts the read, once:
 *   a read restarted so is let finish, or a busy query (live likes on a
 *   feed) would ask the server again at every event and never land.
 * - An invalidation restarts a read in flight; TanStack Query itself does so
 *   only when the query already has data and reuses a first read. Here a
 *   first read is cancelled (the query goes back to pending, as if never
 *   read) and the invalidation reads afresh.
 */
export class AppQueryClient extends QueryClient {
  /** The reads restarted for a change (their promises), not restarted again. */
  readonly #restartedReads = new WeakSet<Promise<unknown>>()

  constructor(config?: QueryClientConfig) {
    super(config)
    this.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return
      const query = event.query
      const inFlight = readInFlight(query)
      if (query.state.fetchStatus !== 'fetching' || !inFlight || this.#restartedReads.has(inFlight)) return
      const changed = query.queryHash
      void this.invalidateQueries({ predicate: (other) => other.queryHash === changed })
      // The restart began above, synchronously: its read is the query's now.
      const restarted = readInFlight(query)
      if (restarted) this.#restartedReads.add(restarted)
    })
  }

  override invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    const refetched = filters?.refetchType ?? 'active'
    if (refetched !== 'none') {
      const firstReads = this.getQueryCache()
        .findAll({ ...filters, type: refetched, fetchStatus: 'fetching' })
        .filter((query) => query.state.data === undefined && !query.isDisabled() && !query.isStatic())
      // Cancelling reverts at once; the read that replaces it starts below,
      // and whoever awaited the cancelled one is handed the new one.
      for (const query of firstReads) void query.cancel({ revert: true, silent: true })
    }
    return super.invalidateQueries(filters, options)
  }
}

/**
 * Reads again, after live events may have been missed (a reconnect, the
 * gap between a first read and its subscription), what the screen has
 * read under queryKey. A read that failed and has nothing to show is left
 * alone: it has missed nothing, and reading it behind the member's back
 * would swap its message and retry button for a skeleton while it runs.
 * The member asks for it again with that button.
 */
export function catchUpQueries(client: QueryClient, queryKey: QueryKey): Promise<void> {
  return client.invalidateQueries({
    queryKey,
    predicate: (query) => query.state.status !== 'error' || query.state.data !== undefined,
  })
}

export interface QueryClientOptions {
  /** Tells the member a write was refused because the device is offline. */
  onOfflineWrite?: () => void
}

/**
 * Retries as above and 30 s of freshness; mutations are never repeated behind
 * the member's back. Offline, every write fails at once with
 * OfflineWriteError (TanStack Query would otherwise hold it, unseen, and send
 * it whenever the network returns), and onOfflineWrite tells the member.
 */
export function createQueryClient({ onOfflineWrite }: QueryClientOptions = {}): QueryClient {
  // TanStack Query assumes online until an 'offline' event: a page opened
  // without network must start paused, showing saved data, not failing.
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false)
  return new AppQueryClient({
    mutationCache: new MutationCache({
      onMutate: () => {
        if (!onlineManager.isOnline()) throw new OfflineWriteError()
      },
      onError: (error) => {
        if (error instanceof OfflineWriteError) onOfflineWrite?.()
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  })
}
