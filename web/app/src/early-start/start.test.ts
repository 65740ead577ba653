import { afterEach, describe, expect, it, vi } from 'vitest'

import { takeEarlyRefresh, type EarlyStart } from '@/lib/early-start'
import { testSessionBody } from '@/testing/fixtures'

import {
  FEED_FIRST_PAGE,
  FEED_MEDIA_SIZES,
  FIRST_SCREEN_CODE_ID,
  largestPicture,
  POST_MEDIA_SIZES,
  preloadPicture,
  firstScreenReads,
  LAST_MEMBER_KEY,
  maySignIn,
  preloadFirstScreenCode,
  SESSION_HINT_COOKIE,
  SESSION_QUERY_HINT,
  startEarly,
} from './start'

const postId = '0192f000-0000-7000-8000-0000000000b1'

const jsonAnswer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))

afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`
  localStorage.removeItem(LAST_MEMBER_KEY)
  vi.unstubAllGlobals()
})

describe("the page's first script", () => {
  it('knows which reads the feed and a post page start with', () => {
    expect(firstScreenReads('/')).toEqual([FEED_FIRST_PAGE])
    expect(firstScreenReads(`/post/${postId}`)).toEqual([`/api/v1/posts/${postId}`, `/api/v1/posts/${postId}/comments`])
    expect(firstScreenReads('/search')).toEqual([])
    expect(firstScreenReads('/post/not-an-id')).toEqual([])
  })

  it('asks nothing of a visitor without a session hint', () => {
    localStorage.removeItem(LAST_MEMBER_KEY)
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    expect(maySignIn()).toBe(false)
    expect(startEarly('/', 0)).toBeUndefined()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('with the hint cookie: refreshes, then reads the feed with the new token; the app reads the same refresh', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`
    const sent: { url: string; method: string; authorization: string | null; credentials: RequestCredentials | undefined }[] = []
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        authorization: new Headers(init.headers).get('Authorization'),
        credentials: init.credentials,
      })
      return jsonAnswer(200, url.endsWith('/auth/refresh') ? testSessionBody : { items: [], next_cursor: null })
    })

    const early = startEarly('/', 100)
    expect(early).toBeDefined()
    const read = await early?.reads.get(FEED_FIRST_PAGE)
    expect(read?.token).toBe(testSessionBody.access_token)
    expect(await read?.response.json()).toEqual({ items: [], next_cursor: null })
    expect(sent).toEqual([
      { url: '/api/v1/auth/refresh', method: 'POST', authorization: null, credentials: 'include' },
      { url: FEED_FIRST_PAGE, method: 'GET', authorization: `Bearer ${testSessionBody.access_token}`, credentials: undefined },
    ])
    // The refresh's answer is still whole for the app.
    expect(((await (await early?.refresh)?.json()) as typeof testSessionBody).access_token).toBe(testSessionBody.access_token)
  })

  it('reads nothing when the refresh is refused', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`
    const urls: string[] = []
    vi.stubGlobal('fetch', (url: string) => {
      urls.push(url)
      return jsonAnswer(401, { status: 401, code: 'session_expired' })
    })
    const early = startEarly(`/post/${postId}`, 0)
    expect(await early?.reads.get(`/api/v1/posts/${postId}`)).toBeNull()
    expect(await early?.reads.get(`/api/v1/posts/${postId}/comments`)).toBeNull()
    expect(urls).toEqual(['/api/v1/auth/refresh'])
  })

  it('counts someone who used the app here, or an address with the hint, as maybe signed in', () => {
    localStorage.removeItem(LAST_MEMBER_KEY)
    expect(maySignIn()).toBe(false)
    window.localStorage.setItem(LAST_MEMBER_KEY, JSON.stringify({ id: 'x', handle: 'ana' }))
    expect(maySignIn()).toBe(true)
    localStorage.removeItem(LAST_MEMBER_KEY)
    window.history.replaceState(null, '', `/?${SESSION_QUERY_HINT}=1`)
    expect(maySignIn()).toBe(true)
    window.history.replaceState(null, '', '/')
    expect(maySignIn()).toBe(false)
  })

  it("asks for the screen's code and the member's frame, each file once", () => {
    const list = document.createElement('script')
    list.type = 'application/json'
    list.id = FIRST_SCREEN_CODE_ID
    list.textContent = JSON.stringify({ frame: ['/assets/nav.js', '/assets/shared.js'], feed: ['/assets/feed.js', '/assets/shared.js'], post: ['/assets/post.js'] })
    document.head.appendChild(list)
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname)
    try {
      preloadFirstScreenCode('/search')
      expect(preloads()).toEqual([])
      preloadFirstScreenCode('/')
      expect(preloads()).toEqual(['/assets/nav.js', '/assets/shared.js', '/assets/feed.js'])
    } finally {
      list.remove()
      for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove()
    }
  })

  it("sends nothing when it runs after the app's code, which restored the session itself", async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`
    window.socialEarlyStart = undefined
    expect(takeEarlyRefresh()).toBeNull()
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    try {
      await import('./main')
      expect(fetch).not.toHaveBeenCalled()
      const mark = window.socialEarlyStart as EarlyStart | undefined
      expect(mark).toBeDefined()
      expect(mark?.refresh).toBeUndefined()
    } finally {
      window.socialEarlyStart = undefined
    }
  })

  it("finds the first screen's largest picture: the feed's first, or the post's own", () => {
    const text = { type: 'text', media_url: null }
    const picture = { type: 'image', media_url: '/media/a.jpg', media_width: 1200, media_variants: [{ url: '/media/a-w640.webp', width: 640 }] }
    const second = { ...picture, media_url: '/media/b.jpg' }
    expect(largestPicture(FEED_FIRST_PAGE, { items: [text, picture, second] })).toEqual({ post: picture, sizes: FEED_MEDIA_SIZES })
    expect(largestPicture(FEED_FIRST_PAGE, { items: [text] })).toBeNull()
    expect(largestPicture(`/api/v1/posts/${postId}`, picture)).toEqual({ post: picture, sizes: POST_MEDIA_SIZES })
    expect(largestPicture(`/api/v1/posts/${postId}`, { type: 'video', media_url: '/media/v.mp4' })).toBeNull()
    expect(largestPicture(`/api/v1/posts/${postId}/comments`, { items: [picture] })).toBeNull()

    preloadPicture({ post: picture, sizes: FEED_MEDIA_SIZES })
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')
    try {
      expect(link?.getAttribute('imagesrcset')).toBe('/media/a-w640.webp 640w, /media/a.jpg 1200w')
      expect(link?.getAttribute('imagesizes')).toBe(FEED_MEDIA_SIZES)
      expect(link?.getAttribute('href')).toBe('/media/a.jpg')
    } finally {
      link?.remove()
    }
  })
})
