import { expect, it } from 'vitest'

import { postsMessages as m } from './messages'

it('counts likes and comments in Portuguese: one is singular', () => {
  expect([m.likes(1), m.likes(2), m.likes(0)]).toEqual(['1 curtida', '2 curtidas', '0 curtidas'])
  expect([m.comments(1), m.comments(2), m.comments(0)]).toEqual(['1 comentário', '2 comentários', '0 comentários'])
})
