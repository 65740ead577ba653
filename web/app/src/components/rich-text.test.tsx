import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'

import { RichText } from './rich-text'

describe('RichText', () => {
  it('links web addresses (shortened, new tab, ugc), hashtags to search and mentions of real members', async () => {
    const url = `https://exemplo.com.br/${'caminho/'.repeat(10)}`
    renderWithProviders(<RichText text={`Veja ${url} #Frevo com @bia e @ninguem_aqui`} />)

    const link = screen.getByRole('link', { name: /^exemplo\.com\.br\/caminho/ })
    expect(link).toHaveAttribute('href', url)
    expect(link).toHaveAttribute('title', url)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener nofollow ugc')
    expect(link.textContent.endsWith('…')).toBe(true)

    expect(screen.getByRole('link', { name: '#Frevo' })).toHaveAttribute('href', '/search?q=%23frevo')
    expect(await screen.findByRole('link', { name: '@bia' })).toHaveAttribute('href', '/profile/bia')
    // Nobody has this handle: it stays text.
    expect(screen.queryByRole('link', { name: '@ninguem_aqui' })).toBeNull()
    expect(screen.getByText(/@ninguem_aqui/)).toBeInTheDocument()
  })

  it('renders markup as text', () => {
    renderWithProviders(<RichText text={'<img src=x onerror=alert(1)> javascript:alert(1)'} />)
    expect(screen.getByText('<img src=x onerror=alert(1)> javascript:alert(1)')).toBeInTheDocument()
    expect(screen.queryByRole('link')).toBeNull()
  })
})
