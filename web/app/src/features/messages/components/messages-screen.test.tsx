import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'

import { MessagesScreen } from './messages-screen'

describe('MessagesScreen', () => {
  it('shows the conversation search, the empty state and the button', async () => {
    renderWithProviders(<MessagesScreen />, { session: 'signed-in' })
    expect(await screen.findByRole('searchbox', { name: 'Search conversations' })).toBeInTheDocument()
    expect(screen.getByText('No conversations yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Find People to Message' })).toHaveAttribute('href', '/search')
  })

  it('asks a visitor without a profile to log in', async () => {
    renderWithProviders(<MessagesScreen />, { session: 'signed-out' })
    expect(await screen.findByText('Please log in to view messages')).toBeInTheDocument()
    expect(screen.queryByText('No conversations yet')).not.toBeInTheDocument()
  })
})
