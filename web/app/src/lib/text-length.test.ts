import { describe, expect, it } from 'vitest'

import { clipCodePoints, codePointLength } from './text-length'

describe('codePointLength', () => {
  it('counts an emoji once, as the server does', () => {
    expect(codePointLength('😀'.repeat(280))).toBe(280)
    expect('😀'.repeat(280).length).toBe(560)
    expect(codePointLength('ação')).toBe(4)
  })
})

describe('clipCodePoints', () => {
  it('cuts at code points, never inside a pair', () => {
    expect(clipCodePoints('😀'.repeat(281), 280)).toBe('😀'.repeat(280))
    expect(clipCodePoints('abc', 280)).toBe('abc')
  })
})
