import { describe, expect, it } from 'vitest'

import { parseRichText, shortenUrl } from './rich-text'

describe('parseRichText', () => {
  it('finds links, hashtags and mentions and keeps every character', () => {
    const text = 'Veja https://exemplo.com.br/a?b=1#c, #Frevo e @ana_maria! mail: eu@x.com.br'
    const parts = parseRichText(text)
    expect(parts.map((p) => p.text).join('')).toBe(text)
    expect(parts.filter((p) => p.kind !== 'text')).toEqual([
      { kind: 'url', text: 'https://exemplo.com.br/a?b=1#c', href: 'https://exemplo.com.br/a?b=1#c' },
      { kind: 'hashtag', text: '#Frevo', tag: 'frevo' },
      { kind: 'mention', text: '@ana_maria', handle: 'ana_maria' },
    ])
  })

  it("names another server's account by its whole address", () => {
    const text = 'Oi @Ana@Outro.example.com:8443, @b@x.org. e @bia_lima@ (mail: eu@x.com.br)'
    const parts = parseRichText(text)
    expect(parts.map((p) => p.text).join('')).toBe(text)
    expect(parts.filter((p) => p.kind !== 'text')).toEqual([
      { kind: 'mention', text: '@Ana@Outro.example.com:8443', handle: 'ana@outro.example.com:8443' },
      { kind: 'mention', text: '@b@x.org', handle: 'b@x.org' },
    ])
  })

  it('leaves other schemes and short handles as text', () => {
    const parts = parseRichText('javascript:alert(1) ftp://x.com @ab #')
    expect(parts).toEqual([{ kind: 'text', text: 'javascript:alert(1) ftp://x.com @ab #' }])
  })
})

describe('shortenUrl', () => {
  it('drops the scheme and cuts long links with an ellipsis', () => {
    expect(shortenUrl('https://www.exemplo.com/x')).toBe('exemplo.com/x')
    const long = shortenUrl(`https://exemplo.com/${'a'.repeat(100)}`)
    expect(Array.from(long)).toHaveLength(40)
    expect(long.endsWith('…')).toBe(true)
  })
})
