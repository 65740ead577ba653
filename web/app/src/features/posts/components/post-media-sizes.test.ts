import { describe, expect, it } from 'vitest'

import { FEED_MEDIA_SIZES as EARLY_FEED_SIZES, pictureSrcSet, POST_MEDIA_SIZES as EARLY_POST_SIZES } from '@/early-start/start'
import { testPost } from '@/testing/fixtures'

import { FEED_MEDIA_SIZES, mediaSrcSet, POST_MEDIA_SIZES } from './post-media-sizes'

const id = '0192f000-0000-7000-8000-0000000000c1'
const copies = [
  { url: '/media/p-w320.webp', width: 320, height: 168 },
  { url: '/media/p-w640.webp', width: 640, height: 336 },
]

describe("the picture the page's first script asks for early", () => {
  it('is listed with the same candidates and width as the card’s image, so the browser keeps it for the card', () => {
    expect(EARLY_POST_SIZES).toBe(POST_MEDIA_SIZES)
    expect(EARLY_FEED_SIZES).toBe(FEED_MEDIA_SIZES)
    for (const post of [
      testPost(id, { type: 'image', media_url: '/media/p.jpg', media_width: 1200, media_height: 630, media_variants: copies }),
      testPost(id, { type: 'image', media_url: '/media/p.jpg', media_width: 1200, media_variants: [] }),
      testPost(id, { type: 'image', media_url: '/media/p.jpg', media_width: null, media_variants: copies }),
    ]) {
      expect(pictureSrcSet(post)).toBe(mediaSrcSet(post))
    }
    expect(mediaSrcSet(testPost(id, { type: 'image', media_url: '/media/p.jpg', media_width: 1200, media_variants: copies }))).not.toBe('')
  })
})
