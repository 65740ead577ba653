import { describe, expect, it } from 'vitest'

import { firstScreenReads } from '@/early-start/start'
import { testPost } from '@/testing/fixtures'
import { requestedPaths } from '@/testing/requested-paths'

import { listComments } from './comments'
import { getPost } from './get-post'

const id = '0192f000-0000-7000-8000-0000000000b1'

describe("a post page's first reads", () => {
  it("are the ones the page's first script makes, so the screen takes them instead of asking again", async () => {
    const asked = await requestedPaths(
      async (client) => {
        await getPost(client, id)
        await listComments(client, id)
      },
      { ...testPost(id), items: [], next_cursor: null },
    )
    expect(firstScreenReads(`/post/${id}`)).toEqual(asked)
  })
})
