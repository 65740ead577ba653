import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { otherProfile, testProfile } from '@/testing/fixtures'
import { renderApp, renderWithProviders } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'

import type { Story } from '../types'

import { StoriesScreen as StoriesScreenProbe } from './stories-screen'

const ana = { id: testProfile.id, handle: 'ana', display_name: 'Ana Souza', avatar_url: null, avatar_variants: [] }
const bia = { id: otherProfile.id, handle: otherProfile.handle, display_name: otherProfile.display_name, avatar_url: null, avatar_variants: [] }

function makeStory(id: string, changes: Partial<Story> = {}): Story {
  const createdAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString()
  return {
    id,
    author_id: bia.id,
    author: bia,
    text: `Story ${id}`,
    view_count: null,
    viewed: false,
    created_at: createdAt,
    expires_at: new Date(Date.parse(createdAt) + 24 * 60 * 60 * 1000).toISOString(),
    ...changes,
  }
}

function server(stories: Story[], trending: string[], extra: TestResponder = () => undefined): TestResponder {
  return (request) => {
    const own = extra(request)
    if (own) return own
    const path = new URL(request.url).pathname
    if (request.method === 'GET' && path === '/api/v1/stories') return json(200, { items: stories, trending })
    const view = /^\/api\/v1\/stories\/([^/]+)\/view$/.exec(path)
    if (request.method === 'POST' && view) {
      const story = stories.find((s) => s.id === view[1])
      return story ? json(200, { ...story, viewed: true }) : problem(404, { code: 'story_not_found' })
    }
    if (request.method === 'GET' && path.endsWith('/viewers')) return json(200, { items: [] })
    return undefined
  }
}

// The screen waits for the session, the plugin list and the stories in turn:
// on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 })

const sentTo = (requests: Request[], method: string, path: string) =>
  requests.filter((r) => r.method === method && new URL(r.url).pathname === path)

describe('StoriesScreen', () => {
  it('shows live stories with rings, counts for the author only, the top 3 and the 24 h note', async () => {
    const stories = [
      makeStory('s1', { author_id: ana.id, author: ana, view_count: 7, viewed: true, text: 'Meu story' }),
      makeStory('s2', { text: 'Bom dia' }),
      makeStory('s3', { viewed: true, text: 'Já vi' }),
    ]
    renderApp('/stories', { respond: server(stories, ['s1', 's3']) })

    expect(await screen.findByRole('button', { name: 'Create Story' }, { timeout: 5000 })).toBeInTheDocument()
    const mine = (await screen.findByText('Meu story', {}, { timeout: 5000 })).closest('li')
    const fresh = screen.getByText('Bom dia').closest('li')
    const seen = screen.getAllByText('Já vi')[0]?.closest('li')
    if (!mine || !fresh || !seen) throw new Error('no tiles')
    expect(within(mine).getByText('7 views')).toBeInTheDocument()
    expect(within(mine).getByText('2h ago')).toBeInTheDocument()
    expect(within(fresh).queryByText(/views/)).not.toBeInTheDocument()
    expect(fresh).toHaveAttribute('data-viewed', 'false')
    expect(fresh.className).toContain('ring-primary')
    expect(seen).toHaveAttribute('data-viewed', 'true')
    expect(within(seen).getByText('Viewed')).toBeInTheDocument()
    expect(seen.className).toContain('ring-muted-foreground/40')

    expect(screen.getByRole('heading', { name: 'Trending Stories' })).toBeInTheDocument()
    const ranking = screen.getAllByRole('list').find((list) => list.tagName === 'OL')
    if (!ranking) throw new Error('no trending list')
    expect(within(ranking).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['1Você7 views', `2${bia.display_name}Já vi`])
    expect(screen.getByText('Stories disappear after 24 hours')).toBeInTheDocument()
  })

  it('opens the viewer, records the view and goes to the next and previous story', async () => {
    const stories = [makeStory('s1', { text: 'Primeiro' }), makeStory('s2', { text: 'Segundo', viewed: true })]
    const { user, requests } = renderApp('/stories', { respond: server(stories, []) })

    const tiles = await screen.findAllByRole('button', { name: `Abrir story de ${bia.display_name}` }, { timeout: 5000 })
    await user.click(tiles[0] as HTMLElement)
    const viewer = await screen.findByRole('dialog', { name: `Story de ${bia.display_name}` })
    expect(within(viewer).getByText('Primeiro')).toBeInTheDocument()
    expect(within(viewer).getByText(/1 de 2/)).toBeInTheDocument()
    await waitFor(() => {
      expect(sentTo(requests, 'POST', '/api/v1/stories/s1/view')).toHaveLength(1)
    })
    // The tile now shows it as viewed.
    await waitFor(() => {
      expect(screen.getByText('Primeiro', { selector: 'li p' }).closest('li')).toHaveAttribute('data-viewed', 'true')
    })

    expect(within(viewer).getByRole('button', { name: 'Story anterior' })).toBeDisabled()
    await user.click(within(viewer).getByRole('button', { name: /Próximo story/ }))
    expect(within(viewer).getByText('Segundo')).toBeInTheDocument()
    expect(within(viewer).getByRole('button', { name: /Próximo story/ })).toBeDisabled()
    // Already viewed: no second request.
    expect(sentTo(requests, 'POST', '/api/v1/stories/s2/view')).toHaveLength(0)
    await user.click(within(viewer).getByRole('button', { name: /Story anterior/ }))
    expect(within(viewer).getByText('Primeiro')).toBeInTheDocument()
  })

  it("moves the author's count when stories:{id} says it was viewed", async () => {
    const stories = [makeStory('s1', { author_id: ana.id, author: ana, view_count: 0, viewed: true, text: 'Meu' })]
    const { realtime } = renderApp('/stories', { respond: server(stories, []) })
    const tile = (await screen.findByText('Meu', {}, { timeout: 5000 })).closest('li')
    if (!tile) throw new Error('no tile')
    expect(within(tile).getByText('0 views')).toBeInTheDocument()
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain(`stories:${ana.id}`)
    })
    realtime.emit(`stories:${ana.id}`, 'story.viewed', { id: 's1', view_count: 1 })
    expect(await within(tile).findByText('1 views')).toBeInTheDocument()
  })

  it("publishes a story and shows the server's message when it is refused", async () => {
    let posts = 0
    const { user, requests } = renderApp('/stories', {
      respond: server([], [], (request) => {
        if (request.method !== 'POST' || new URL(request.url).pathname !== '/api/v1/stories') return undefined
        posts++
        return posts === 1
          ? problem(422, { code: 'story_text_too_long', detail: 'O story deve ter no máximo 280 caracteres' })
          : json(201, makeStory('new', { author_id: ana.id, author: ana, view_count: 0, viewed: true }))
      }),
    })
    await user.click(await screen.findByRole('button', { name: 'Create Story' }, { timeout: 5000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo story' })
    await user.type(within(dialog).getByLabelText('Texto do story'), 'Olá')
    expect(within(dialog).getByText('3/280')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('O story deve ter no máximo 280 caracteres')
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Novo story' })).not.toBeInTheDocument()
    })
    const bodies = await Promise.all(sentTo(requests, 'POST', '/api/v1/stories').map((r) => r.clone().json() as Promise<unknown>))
    expect(bodies).toEqual([{ text: 'Olá' }, { text: 'Olá' }])
  })

  it('asks a visitor without a profile to log in', async () => {
    renderWithProviders(<StoriesScreenProbe />, { session: 'signed-out' })
    expect(await screen.findByText('Please log in to view stories')).toBeInTheDocument()
    expect(screen.queryByText('Create Story')).not.toBeInTheDocument()
  })
})
