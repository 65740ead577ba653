import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { renderApp, renderSignedInUntil } from '@/testing/render-app'
import { json, never, type TestResponder } from '@/testing/test-fetch'

import type { SearchResult } from '../types'

const bia: SearchResult = {
  type: 'user',
  id: '0192f000-0000-7000-8000-000000000002',
  title: 'Bia Lima',
  subtitle: '@bia',
  avatar: null,
  avatar_variants: [],
  verified: true,
  member_count: null,
}
const community: SearchResult = {
  type: 'community',
  id: 'c0ffee00-0000-7000-8000-000000000001',
  title: 'Tech Recife',
  subtitle: 'Quem faz tecnologia no Recife',
  avatar: null,
  avatar_variants: [],
  verified: false,
  member_count: 1234,
}
const post: SearchResult = {
  type: 'post',
  id: '0192f000-0000-7000-8000-0000000000b1',
  title: 'Olá do Recife, tech por todo lado',
  subtitle: 'Bia Lima',
  avatar: null,
  avatar_variants: [],
  verified: false,
  member_count: null,
}

const isSearch = (request: Request) => request.method === 'GET' && new URL(request.url).pathname === '/api/v1/search'
const termsOf = (requests: Request[]) => requests.filter(isSearch).map((r) => new URL(r.url).searchParams.get('q'))

/** Answers GET /api/v1/search?q=… with `answer(q)`. */
function searchServer(answer: (term: string) => Response | Promise<Response>): TestResponder {
  return (request) => (isSearch(request) ? answer(new URL(request.url).searchParams.get('q') ?? '') : undefined)
}

async function renderSearch(respond: TestResponder) {
  const { found, ...view } = await renderSignedInUntil('/search', respond, 'searchbox', 'Buscar')
  return { ...view, box: found }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('SearchScreen', () => {
  it("shows the box and 'Discover' with the two shortcuts while empty and nobody used a hashtag this week, without searching", async () => {
    const { box, requests } = await renderSearch(searchServer(() => json(200, { items: [] })))
    expect(box).toHaveAttribute('placeholder', 'Search for people, communities, or posts...')
    expect(screen.getByRole('heading', { name: 'Discover' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'tech' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'community' })).toBeInTheDocument()
    expect(termsOf(requests)).toEqual([])
  })

  it('searches once, 300 ms after the last keystroke', async () => {
    const { box, requests } = await renderSearch(searchServer(() => json(200, { items: [bia] })))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const wait = (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms)
      })
    fireEvent.change(box, { target: { value: 'b' } })
    await wait(100)
    fireEvent.change(box, { target: { value: 'bi' } })
    await wait(100)
    fireEvent.change(box, { target: { value: 'bia' } })
    await wait(299)
    expect(termsOf(requests)).toEqual([])
    await wait(1)
    expect(termsOf(requests)).toEqual(['bia'])
    await wait(50)
    vi.useRealTimers()
    expect(await screen.findByRole('link', { name: /Bia Lima/ })).toBeInTheDocument()
    expect(termsOf(requests)).toEqual(['bia'])
  })

  it("draws a member's picture from the square copy its 40-pixel circle needs, not the original", async () => {
    const pictured: SearchResult = {
      ...bia,
      avatar: 'https://cdn.example/avatars/bia/avatar-1-sq48_96_144.jpg',
      avatar_variants: [48, 96, 144].map((side) => ({
        url: `https://cdn.example/avatars/bia/avatar-1-sq48_96_144-w${String(side)}.webp`,
        width: side,
        height: side,
      })),
    }
    const { user, box } = await renderSearch(searchServer(() => json(200, { items: [pictured] })))
    await user.type(box, 'bia')
    const row = await screen.findByRole('link', { name: /Bia Lima/ })
    const img = row.querySelector('img[data-slot="avatar-image"]')
    expect(img).toHaveAttribute('src', 'https://cdn.example/avatars/bia/avatar-1-sq48_96_144-w48.webp')
    expect(img).toHaveAttribute(
      'srcset',
      'https://cdn.example/avatars/bia/avatar-1-sq48_96_144-w48.webp 1x, ' +
        'https://cdn.example/avatars/bia/avatar-1-sq48_96_144-w96.webp 2x, ' +
        'https://cdn.example/avatars/bia/avatar-1-sq48_96_144-w144.webp 3x',
    )
    expect(img).toHaveAttribute('width', '40')
    expect(img).toHaveAttribute('loading', 'lazy')
  })

  it('ignores the late answer of an older term', async () => {
    const held: { answer?: (response: Response) => void } = {}
    const { user, box, requests } = await renderSearch(
      searchServer((term) =>
        term === 're'
          ? new Promise<Response>((resolve) => {
              held.answer = resolve
            })
          : json(200, { items: [community] }),
      ),
    )
    await user.type(box, 're')
    await waitFor(() => {
      expect(termsOf(requests)).toEqual(['re'])
    })
    await user.type(box, 'c')
    expect(await screen.findByRole('link', { name: /Tech Recife/ })).toBeInTheDocument()
    expect(termsOf(requests)).toEqual(['re', 'rec'])
    // The older search was dropped when nobody waited for it any more.
    expect(requests.filter(isSearch)[0]?.signal.aborted).toBe(true)

    held.answer?.(json(200, { items: [bia] }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('link', { name: /Bia Lima/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Tech Recife/ })).toBeInTheDocument()
  })

  it('shows placeholders while loading', async () => {
    const { user, box } = await renderSearch(searchServer(never))
    await user.type(box, 'x')
    const loading = await screen.findByRole('status', { name: 'Buscando...' })
    expect(within(loading).getAllByTestId('search-placeholder')).toHaveLength(5)
  })

  it("says 'No results found' / 'Try searching with different keywords'", async () => {
    const { user, box } = await renderSearch(searchServer(() => json(200, { items: [] })))
    await user.type(box, 'zzz')
    expect(await screen.findByText('No results found')).toBeInTheDocument()
    expect(screen.getByText('Try searching with different keywords')).toBeInTheDocument()
  })

  it('a shortcut fills the box and searches for it', async () => {
    const { user, box, requests } = await renderSearch(searchServer(() => json(200, { items: [community] })))
    await user.click(await screen.findByRole('button', { name: 'tech' }))
    expect(box).toHaveValue('tech')
    expect(await screen.findByRole('link', { name: /Tech Recife/ })).toBeInTheDocument()
    expect(termsOf(requests)).toEqual(['tech'])
  })

  it('renders each row and links it: user by handle, community by id, post to its page', async () => {
    const { user, box, router } = await renderSearch(searchServer(() => json(200, { items: [bia, community, post] })))
    await user.type(box, 'recife')
    const results = await screen.findByRole('region', { name: 'Resultados da busca' })
    const links = within(results).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/profile/bia',
      `/communities/${community.id}`,
      `/post/${post.id}`,
    ])
    const [userRow, communityRow, postRow] = links as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(userRow).getByText('Verified')).toBeInTheDocument()
    expect(within(userRow).getByText('@bia')).toBeInTheDocument()
    expect(within(userRow).getByText('Pessoa')).toBeInTheDocument()
    expect(within(userRow).getByText('B')).toBeInTheDocument()
    expect(within(communityRow).getByText('1.234 members')).toBeInTheDocument()
    expect(within(communityRow).getByText('Comunidade')).toBeInTheDocument()
    expect(within(communityRow).queryByText('Verified')).not.toBeInTheDocument()
    expect(within(postRow).getByText('Post')).toBeInTheDocument()
    expect(screen.getByText('3 resultados')).toBeInTheDocument()

    await user.click(userRow)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile/bia')
    })
  })
})

const isSuggestions = (request: Request) => new URL(request.url).pathname === '/api/v1/search/suggestions'

/** Answers the suggestions with `tags` and searches with `answer(q)`. */
function suggestingServer(tags: string[], answer: (term: string) => Response | Promise<Response>): TestResponder {
  const searching = searchServer(answer)
  return (request) =>
    isSuggestions(request)
      ? json(200, { hashtags: tags.map((tag, index) => ({ tag, people: 10 - index, posts: 20 - index })) })
      : searching(request)
}

describe('SearchScreen suggestions', () => {
  it("offers the week's trending hashtags, at most six, and a picked one searches for it", async () => {
    const tags = ['samba', 'cordel', 'futebol', 'receitas', 'recife', 'forro', 'praia']
    const { user, box, requests, router } = await renderSearch(suggestingServer(tags, () => json(200, { items: [post] })))
    await user.click(await screen.findByRole('button', { name: '#cordel' }))
    const discover = screen.queryByRole('region', { name: 'Discover' })
    expect(discover).not.toBeInTheDocument()
    expect(box).toHaveValue('#cordel')
    expect(await screen.findByRole('link', { name: /Olá do Recife/ })).toBeInTheDocument()
    expect(termsOf(requests)).toEqual(['#cordel'])
    expect(router.state.location.search).toBe('?q=%23cordel')

    await user.clear(box)
    const shortcuts = within(await screen.findByRole('region', { name: 'Discover' })).getAllByRole('button')
    expect(shortcuts.map((button) => button.textContent)).toEqual(['#samba', '#cordel', '#futebol', '#receitas', '#recife', '#forro'])
    expect(screen.queryByRole('button', { name: 'tech' })).not.toBeInTheDocument()
  })

  it('falls back to the two fixed words when the suggestions cannot be read', async () => {
    await renderSearch((request) => (isSuggestions(request) ? json(503, { title: 'Service Unavailable' }) : undefined))
    expect(await screen.findByRole('button', { name: 'tech' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'community' })).toBeInTheDocument()
  })
})

describe('SearchScreen in the URL', () => {
  async function openAt(path: string, respond: TestResponder) {
    const { found, ...view } = await renderSignedInUntil(path, respond, 'searchbox', 'Buscar')
    return { ...view, box: found }
  }
  const everything = searchServer(() => json(200, { items: [bia, community, post] }))

  it("runs a hashtag's link at once, on the tab the URL names", async () => {
    const { box, requests } = await openAt('/search?q=%23recife&tab=community', everything)
    expect(box).toHaveValue('#recife')
    const results = await screen.findByRole('region', { name: 'Resultados da busca' })
    expect(within(results).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      `/communities/${community.id}`,
    ])
    expect(screen.getByRole('tab', { name: 'Comunidade' })).toHaveAttribute('aria-selected', 'true')
    expect(termsOf(requests)).toEqual(['#recife'])
  })

  it('shows everything for a tab nobody offers', async () => {
    await openAt('/search?q=recife&tab=nada', everything)
    const results = await screen.findByRole('region', { name: 'Resultados da busca' })
    expect(within(results).getAllByRole('link')).toHaveLength(3)
    expect(screen.getByRole('tab', { name: 'Tudo' })).toHaveAttribute('aria-selected', 'true')
  })

  it('writes the search into the URL in place once typing pauses, and the tab picked', async () => {
    const { user, box, router } = await openAt('/search', everything)
    await user.type(box, 'recife')
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=recife')
    })
    // In place: Back leaves the screen instead of replaying each word.
    expect(router.state.historyAction).toBe('REPLACE')
    await user.click(await screen.findByRole('tab', { name: 'Post' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=recife&tab=post')
    })
    const results = screen.getByRole('region', { name: 'Resultados da busca' })
    expect(within(results).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([`/post/${post.id}`])

    // A new word keeps the tab.
    await user.type(box, ' tech')
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=recife+tech&tab=post')
    })
    await user.click(screen.getByRole('tab', { name: 'Tudo' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=recife+tech')
    })

    // Emptied, the box shows 'Discover' and the URL loses the search.
    await user.clear(box)
    expect(await screen.findByRole('heading', { name: 'Discover' })).toBeInTheDocument()
    await waitFor(() => {
      expect(router.state.location.search).toBe('')
    })
  })

  it('finds the search again with Back, and with Forward', async () => {
    const { user, router } = renderApp('/settings', { session: 'signed-in', respond: everything })
    await screen.findByRole('heading', { level: 1, name: 'Configurações' }, { timeout: 5000 })
    await act(() => router.navigate('/search'))
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar' }), 'bia')
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=bia')
    })
    await user.click(await screen.findByRole('tab', { name: 'Pessoa' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=bia&tab=user')
    })
    await user.click(await screen.findByRole('link', { name: /Bia Lima/ }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile/bia')
    })

    await act(() => router.navigate(-1))
    expect(await screen.findByRole('searchbox', { name: 'Buscar' })).toHaveValue('bia')
    expect(await screen.findByRole('link', { name: /Bia Lima/ })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Pessoa' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('link', { name: /Tech Recife/ })).not.toBeInTheDocument()

    // Back once more leaves search (typing added no entries); Forward comes back to it.
    await act(() => router.navigate(-1))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/settings')
    })
    await act(() => router.navigate(1))
    expect(await screen.findByRole('searchbox', { name: 'Buscar' })).toHaveValue('bia')
    expect(router.state.location.search).toBe('?q=bia&tab=user')
  })

  it('follows a search link opened while the screen is open', async () => {
    const { router, requests } = await openAt('/search?q=bia', everything)
    await screen.findByRole('region', { name: 'Resultados da busca' })
    await act(() => router.navigate('/search?q=%23samba'))
    expect(await screen.findByRole('searchbox', { name: 'Buscar' })).toHaveValue('#samba')
    await waitFor(() => {
      expect(termsOf(requests)).toEqual(['bia', '#samba'])
    })
    expect(router.state.location.search).toBe('?q=%23samba')
  })
})
