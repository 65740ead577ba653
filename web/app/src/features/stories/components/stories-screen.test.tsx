import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'

import { StoriesScreen } from './stories-screen'

describe('StoriesScreen', () => {
  it('shows the Create Story tile, three samples, the top-3 and the 24 h note', async () => {
    renderWithProviders(<StoriesScreen />, { session: 'signed-in' })

    expect(await screen.findByText('Create Story')).toBeInTheDocument()
    for (const [author, views, age] of [
      ['Ana Souza', '128 views', '2h ago'],
      ['Lucas Oliveira', '342 views', '5h ago'],
      ['Marina Costa', '87 views', '11h ago'],
    ] as const) {
      const tile = screen.getAllByText(author)[0]?.closest('li')
      if (!tile) throw new Error(`no tile for ${author}`)
      expect(within(tile).getByText(views)).toBeInTheDocument()
      expect(within(tile).getByText(age)).toBeInTheDocument()
    }

    const viewed = screen.getByText('Viewed').closest('li')
    expect(viewed).toHaveAttribute('data-viewed', 'true')
    expect(viewed?.className).toContain('ring-2')
    const unviewed = screen.getAllByText('Ana Souza')[0]?.closest('li')
    expect(unviewed?.className).not.toContain('ring-2')

    expect(screen.getByRole('heading', { name: 'Trending Stories' })).toBeInTheDocument()
    const ranking = screen.getAllByRole('list').find((list) => list.tagName === 'OL')
    if (!ranking) throw new Error('no trending list')
    const rows = within(ranking).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Lucas Oliveira342 views',
      '2Ana Souza128 views',
      '3Marina Costa87 views',
    ])

    expect(screen.getByText('Stories disappear after 24 hours')).toBeInTheDocument()
  })

  it("asks a visitor without a profile to log in", async () => {
    renderWithProviders(<StoriesScreen />, { session: 'signed-out' })
    expect(await screen.findByText('Please log in to view stories')).toBeInTheDocument()
    expect(screen.queryByText('Create Story')).not.toBeInTheDocument()
  })
})
