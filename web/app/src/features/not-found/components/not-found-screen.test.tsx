import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'

import { NotFoundScreen } from './not-found-screen'

describe('NotFoundScreen', () => {
  it("shows its text, links home and logs the missing path", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderWithProviders(<NotFoundScreen />, { path: '/perdido?x=1' })

    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    expect(error).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/perdido')
  })
})
