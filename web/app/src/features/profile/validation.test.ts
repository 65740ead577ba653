import { describe, expect, it } from 'vitest'

import { imageFileError, isLinkableWebsite, validateProfile, websiteError } from './validation'

describe('websiteError', () => {
  it.each(['https://ana.example.com', 'http://exemplo.com.br/caminho?x=1', 'HTTPS://Example.com', ''])(
    'accepts %s',
    (url) => {
      expect(websiteError(url)).toBeUndefined()
    },
  )

  it.each([
    'ana.example.com',
    'javascript:alert(1)',
    'data:text/html,oi',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://files.example.com',
    'https://meu_site.example.com',
    'http://localhost:8080',
    'http://127.0.0.1',
    'http://10.0.0.5',
    'http://172.16.0.1',
    'http://192.168.0.10',
    'http://0.0.0.0',
    'https://',
  ])('refuses %s', (url) => {
    expect(websiteError(url)).toBe('URL inválida ou não permitida')
  })
})

describe('isLinkableWebsite', () => {
  it('links http and https only', () => {
    expect(isLinkableWebsite('https://a.example')).toBe(true)
    expect(isLinkableWebsite('http://a.example')).toBe(true)
    expect(isLinkableWebsite('javascript:alert(1)')).toBe(false)
    expect(isLinkableWebsite('mailto:a@b.co')).toBe(false)
    expect(isLinkableWebsite('not a url')).toBe(false)
  })
})

describe('validateProfile', () => {
  const valid = { displayName: 'Ana', bio: '', location: '', website: '' }

  it('accepts empty optional fields', () => {
    expect(validateProfile(valid)).toEqual({})
  })

  it('uses the forms messages', () => {
    expect(
      validateProfile({
        displayName: ' \t ',
        bio: 'b'.repeat(501),
        location: 'l'.repeat(101),
        website: 'ftp://x.example',
      }),
    ).toEqual({
      displayName: 'Nome não pode estar vazio após limpeza',
      bio: 'Bio deve ter no máximo 500 caracteres',
      location: 'Localização deve ter no máximo 100 caracteres',
      website: 'URL inválida ou não permitida',
    })
    expect(validateProfile({ ...valid, displayName: 'n'.repeat(51) }).displayName).toBe(
      'Nome deve ter no máximo 50 caracteres',
    )
  })

  it('counts bio and location after cleaning', () => {
    expect(validateProfile({ ...valid, bio: `  ${'b'.repeat(500)}  `, location: `${'l'.repeat(100)}\n` })).toEqual({})
  })
})

describe('imageFileError', () => {
  const file = (name: string, type: string, size = 1024) =>
    new File([new Uint8Array(size)], name, { type })

  it.each([
    ['foto.jpg', 'image/jpeg'],
    ['foto.png', 'image/png'],
    ['foto.webp', 'image/webp'],
  ])('accepts %s', (name, type) => {
    expect(imageFileError(file(name, type))).toBeUndefined()
  })

  it('refuses other types', () => {
    expect(imageFileError(file('anim.gif', 'image/gif'))).toBe('Tipo de arquivo não permitido. Use JPEG, PNG ou WebP.')
    expect(imageFileError(file('foto.svg', 'image/svg+xml'))).toBe(
      'Tipo de arquivo não permitido. Use JPEG, PNG ou WebP.',
    )
  })

  it('refuses more than 5 MB', () => {
    expect(imageFileError(file('foto.jpg', 'image/jpeg', 5 * 1024 * 1024))).toBeUndefined()
    expect(imageFileError(file('foto.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1))).toBe(
      'Arquivo muito grande. Máximo 5MB.',
    )
  })

  it.each(['foto..jpg', 'a\\b.jpg'])('refuses the file name %s', (name) => {
    expect(imageFileError(file(name, 'image/jpeg'))).toBe('Nome de arquivo inválido.')
  })
})
