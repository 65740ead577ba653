import { describe, expect, it } from 'vitest'

import { characterCount, cleanText } from './clean-text'

describe('cleanText', () => {
  it('trims, drops control characters and collapses whitespace', () => {
    expect(cleanText('  Ana \u0007 Souza\u0000  ')).toBe('Ana Souza')
    expect(cleanText('Ana     Souza')).toBe('Ana Souza')
    expect(cleanText('\t\n ')).toBe('')
  })
})

describe('characterCount', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(characterCount('ação')).toBe(4)
    expect(characterCount('😀😀')).toBe(2)
  })
})
