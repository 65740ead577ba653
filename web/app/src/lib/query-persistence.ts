import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'

/**
 * The member's query cache, kept on the device so that the app opens offline
 * with the feed, notifications, profile and conversations they last saw. It
 * belongs to one member: restored only for that member, dropped on sign-out.
 */
const storageKey = 'social:query-cache'
/** Saved screens older than this are not shown (a week away is a new start). */
const maxAgeMs = 7 * 24 * 60 * 60 * 1000
/** Writes are gathered: one save per second at most while queries settle. */
const saveDelayMs = 1000

interface SavedCache {
  memberId: string
  savedAt: number
  state: ReturnType<typeof dehydrate>
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Puts the saved queries of `memberId` back into the cache (nothing for anyone else). */
export function restoreQueryCache(client: QueryClient, memberId: string | undefined, now = Date.now()): void {
  const raw = storage()?.getItem(storageKey)
  if (!raw || !memberId) return
  try {
    const saved = JSON.parse(raw) as SavedCache
    if (saved.memberId !== memberId || now - saved.savedAt > maxAgeMs) return
    hydrate(client, saved.state)
    // What was saved is shown at once but is no fresher than the last visit:
    // every screen reads it again as soon as it opens (when there is a
    // network; offline the saved copy stays).
    void client.invalidateQueries({ refetchType: 'none' })
  } catch {
    storage()?.removeItem(storageKey)
  }
}

/**
 * Saves the successful queries whenever the cache changes, for the member
 * `memberId()` names; with nobody signed in the saved copy is removed.
 * Returns the cleanup.
 */
export function persistQueryCache(client: QueryClient, memberId: () => string | null): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    timer = undefined
    const id = memberId()
    const store = storage()
    if (!store) return
    if (!id) {
      store.removeItem(storageKey)
      return
    }
    const saved: SavedCache = { memberId: id, savedAt: Date.now(), state: dehydrate(client) }
    try {
      store.setItem(storageKey, JSON.stringify(saved))
    } catch {
      // Over the storage quota: the offline copy is skipped, the app is not.
      store.removeItem(storageKey)
    }
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return
    timer ??= setTimeout(save, saveDelayMs)
  })
  return () => {
    unsubscribe()
    if (timer !== undefined) clearTimeout(timer)
  }
}

/** Drops the saved queries at once (sign-out: nothing of the member stays on the device). */
export function forgetQueryCache(): void {
  storage()?.removeItem(storageKey)
}
