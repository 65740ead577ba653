import { describe, expect, it } from 'vitest'

import { FEED_FIRST_PAGE, firstScreenReads } from '@/early-start/start'
import { requestedPaths } from '@/testing/requested-paths'

import { listFeed } from './list-feed'

describe('the feed screen’s first read', () => {
  it("is the one the page's first script makes, so the screen takes it instead of asking again", async () => {
    const asked = await requestedPaths((client) => listFeed(client, 'chronological'), { items: [], next_cursor: null })
    expect(asked).toEqual([FEED_FIRST_PAGE])
    expect(firstScreenReads('/')).toEqual(asked)
  })
})
