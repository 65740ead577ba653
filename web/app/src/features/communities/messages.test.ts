import { expect, it } from 'vitest'

import { communitiesMessages as m } from './messages'

it('counts members in Portuguese: one is singular', () => {
  expect(m.members(1)).toBe('1 membro')
  expect(m.members(2)).toBe('2 membros')
  expect(m.members(0)).toBe('0 membros')
})
