import type { FeedPost } from '../types'

/**
 * The width a post's image takes, for the browser to pick a copy before
 * the page is laid out (app-shell: side bar w-64 from md, column max-w-3xl
 * with px-4; the card's p-4 and border): 66px less than the screen on a
 * phone, beside the side bar from md, the whole column from 1024px.
 */
export const POST_MEDIA_SIZES = '(min-width: 1024px) 702px, (min-width: 768px) calc(100vw - 322px), calc(100vw - 66px)'

/** The same in the feed, whose column shares its row with an 18rem panel from xl (1280px). */
export const FEED_MEDIA_SIZES = `(min-width: 1280px) 390px, ${POST_MEDIA_SIZES}`

/**
 * The image's candidates for srcset: its smaller copies and the original, by width. '' when its size is unknown or it
 * has no copies: a lone candidate chooses nothing, and a browser would scale it to the slot's width as its own size.
 */
export function mediaSrcSet(post: FeedPost): string {
  const copies = (post.media_variants ?? []).map((v) => `${v.url} ${String(v.width)}w`)
  if (!post.media_url || !post.media_width || copies.length === 0) return ''
  return [...copies, `${post.media_url} ${String(post.media_width)}w`].join(', ')
}
