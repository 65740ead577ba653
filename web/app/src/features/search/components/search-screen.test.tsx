import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { renderSignedInUntil } from '@/testing/render-app'
import { json, never, type TestResponder } from '@/testing/test-fetch'

import type { SearchResult } from '../types'

const bia: SearchResult = {
  type: 'user',
  id: '0192f000-0000-7000-8000-000000000002',
  title: 'Bia Lima',
  subtitle: '@bia',
  avatar: null,
  verified: true,
  member_count: null,
}
const community: SearchResult = {
  type: 'community',
  id: 'c0ffee00-0000-7000-8000-000000000001',
  title: 'Tech Recife',
  subtitle: 'Quem faz tecnologia no Recife',
  avatar: null,
  verified: false,
  member_count: 1234,
}
const post: SearchResult = {
  type: 'post',
  id: '0192f000-0000-7000-8000-0000000000b1',
  title: 'Olá do Recife, tech por todo lado',
  subtitle: 'Bia Lima',
  avatar: null,
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
  it("shows the box and 'Discover' with the two shortcuts while empty, without searching", async () => {
    const { box, requests } = await renderSearch(searchServer(() => json(200, { items: [] })))
    expect(box).toHaveAttribute('placeholder', 'Search for people, communities, or posts...')
    expect(screen.getByRole('heading', { name: 'Discover' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'tech' })).toBeInTheDocument()
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
    await user.click(screen.getByRole('button', { name: 'tech' }))
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
