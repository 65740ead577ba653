/**
 * What the page's first script (./main.ts) does. It runs as soon as it arrives (an async module
 * that imports nothing), while the app's code is still downloading, and
 * starts what the first screen of a signed-in member waits for: the
 * session's refresh and, once it answers, the screen's own reads (the feed,
 * a post and its comments). Over a phone's network these would otherwise
 * leave only after the app's code had arrived and drawn the screen's frame.
 * The app takes them over through `window.socialEarlyStart`
 * (@/lib/early-start); what it does not take, it asks again itself.
 */
import type { EarlyRead, EarlyStart } from '@/lib/early-start'

// The names below are the app's own (checked by early-start.test.ts).
/** The cookie the server sets beside the refresh cookie while a session lasts (readable by scripts). */
export const SESSION_HINT_COOKIE = 'social_session'
/** Who last used the app here (features/session/last-member.ts). */
export const LAST_MEMBER_KEY = 'social:last-member'
/** The query parameter of a session just opened by a redirect (features/session/early-restore.ts). */
export const SESSION_QUERY_HINT = 'sessao'
/** The lock every tab holds while it trades the refresh cookie (features/session/api/refresh-session.ts). */
export const REFRESH_LOCK = 'social:auth-refresh'
/** The feed's first page as the feed screen asks for it (features/feed/api/list-feed.ts). */
export const FEED_FIRST_PAGE = '/api/v1/feed?algorithm=chronological&limit=20'

/** The width a post's picture takes (features/posts/components/post-media-sizes.ts). */
export const POST_MEDIA_SIZES = '(min-width: 1024px) 702px, (min-width: 768px) calc(100vw - 322px), calc(100vw - 66px)'
export const FEED_MEDIA_SIZES = `(min-width: 1280px) 390px, ${POST_MEDIA_SIZES}`

/** The fields of a post the first screen's largest picture is drawn from. */
export interface PicturedPost {
  type?: string
  media_url?: string | null
  media_width?: number | null
  media_variants?: { url: string; width: number }[] | null
}

/** A picture's candidates, as the post card lists them (mediaSrcSet). */
export function pictureSrcSet(post: PicturedPost): string {
  const copies = (post.media_variants ?? []).map((v) => `${v.url} ${String(v.width)}w`)
  if (!post.media_url || !post.media_width || copies.length === 0) return ''
  return [...copies, `${post.media_url} ${String(post.media_width)}w`].join(', ')
}

/**
 * The first screen's largest picture in the answer of `url`: the feed's
 * first picture or the post's own, with the width it takes; null when there
 * is none.
 */
export function largestPicture(url: string, body: unknown): { post: PicturedPost; sizes: string } | null {
  if (url === FEED_FIRST_PAGE) {
    const items = (body as { items?: PicturedPost[] } | null)?.items ?? []
    const post = items.find((item) => item.type === 'image')
    return post?.media_url ? { post, sizes: FEED_MEDIA_SIZES } : null
  }
  if (/^\/api\/v1\/posts\/[0-9a-f-]{36}$/.test(url)) {
    const post = body as PicturedPost | null
    return post?.type === 'image' && post.media_url ? { post, sizes: POST_MEDIA_SIZES } : null
  }
  return null
}

/**
 * Asks for the first screen's largest picture as soon as the data naming it
 * arrives, instead of after the screen is drawn. The browser picks the same
 * copy the card's image will (same candidates, same width) and keeps it for
 * it.
 */
export function preloadPicture(picture: { post: PicturedPost; sizes: string }): void {
  const link = document.createElement('link')
  link.rel = 'preload'
  link.setAttribute('as', 'image')
  link.href = picture.post.media_url ?? ''
  const srcSet = pictureSrcSet(picture.post)
  if (srcSet) {
    link.setAttribute('imagesrcset', srcSet)
    link.setAttribute('imagesizes', picture.sizes)
  }
  link.setAttribute('fetchpriority', 'high')
  document.head.appendChild(link)
}

/** Whether a refresh cookie may be there: without one, a refresh could only be refused. */
export function maySignIn(): boolean {
  if (document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`)) return true
  if (new URLSearchParams(window.location.search).has(SESSION_QUERY_HINT)) return true
  try {
    return window.localStorage.getItem(LAST_MEMBER_KEY) !== null
  } catch {
    return false
  }
}

/** The reads the screen at `pathname` starts with, by path and query. */
export function firstScreenReads(pathname: string): string[] {
  if (pathname === '/') return [FEED_FIRST_PAGE]
  const post = /^\/post\/([0-9a-f-]{36})$/.exec(pathname)
  if (post) return [`/api/v1/posts/${post[1]}`, `/api/v1/posts/${post[1]}/comments`]
  return []
}

/**
 * The id of the element of index.html that lists, by screen, the files of
 * each first screen's code (written there at build time: vite.config.ts).
 */
export const FIRST_SCREEN_CODE_ID = 'first-screen-code'

/** Which lists of that element the screen at `pathname` needs: the member's frame and the screen's own. */
export function firstScreenCode(pathname: string): string[] {
  if (pathname === '/') return ['frame', 'feed']
  if (/^\/post\/[0-9a-f-]{36}$/.test(pathname)) return ['frame', 'post']
  return []
}

/**
 * Asks for the code of the screen at `pathname` now, beside the app's own,
 * instead of after the app has run and its route table asked for it.
 */
export function preloadFirstScreenCode(pathname: string): void {
  const element = document.getElementById(FIRST_SCREEN_CODE_ID)
  if (!element?.textContent) return
  const files = JSON.parse(element.textContent) as Record<string, string[] | undefined>
  const wanted = new Set(firstScreenCode(pathname).flatMap((list) => files[list] ?? []))
  for (const file of wanted) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = file
    document.head.appendChild(link)
  }
}

/** Runs task holding the tabs' refresh lock, as the app does. */
async function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return task()
  return await navigator.locks.request(REFRESH_LOCK, task)
}

/**
 * Starts the refresh and the first screen's reads; undefined when there is no
 * session to restore. `origin` is the API's, when not the page's own (tests).
 */
export function startEarly(pathname: string, now: number, origin = ''): EarlyStart | undefined {
  if (!maySignIn()) return undefined
  const refresh = acrossTabs(() => fetch(`${origin}/api/v1/auth/refresh`, { method: 'POST', credentials: 'include' }))
  // Read from a copy taken before anyone reads the answer: the app reads the original.
  const token = refresh
    .then(async (response) => (response.status === 200 ? ((await response.clone().json()) as { access_token?: string }) : null))
    .then((body) => body?.access_token ?? null)
    .catch(() => null)
  const reads = new Map<string, Promise<EarlyRead | null>>()
  for (const url of firstScreenReads(pathname)) {
    const read = token.then(async (accessToken) => {
      if (!accessToken) return null
      const response = await fetch(`${origin}${url}`, { headers: { Authorization: `Bearer ${accessToken}` } })
      // From a copy: the app reads the original.
      if (response.ok) {
        void response
          .clone()
          .json()
          .then((body: unknown) => {
            const picture = largestPicture(url, body)
            if (picture) preloadPicture(picture)
          })
          .catch(() => undefined)
      }
      return { token: accessToken, response }
    })
    reads.set(url, read.catch(() => null))
  }
  return { refresh, reads, startedAt: now }
}
