import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import type { FeedPost } from '@/features/posts'
import { otherProfile, testPost, testProfile } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

function makePost(id: string, author: typeof testProfile, changes: Partial<FeedPost> = {}): FeedPost {
  return testPost(id, {
    author_id: author.id,
    author: { id: author.id, handle: author.handle, display_name: author.display_name, avatar_url: null, avatar_variants: [] },
    text_content: `Post ${id}`,
    ...changes,
  })
}

const biaNew = makePost('0192f000-0000-7000-8000-0000000000b2', otherProfile, { text_content: 'Bom dia, Recife' })
const biaOld = makePost('0192f000-0000-7000-8000-0000000000b1', otherProfile, {
  text_content: 'Só para seguidores',
  visibility: 'friends_only',
})
const anaPost = makePost('0192f000-0000-7000-8000-0000000000a1', testProfile, { text_content: 'Meu primeiro post' })

const page = (items: FeedPost[], next_cursor?: string) => json(200, { items, ...(next_cursor ? { next_cursor } : {}) })

/** Answers GET /api/v1/profiles/{handle}/posts with `posts`, then lets `rest` answer the other calls. */
function postsAnswer(
  handle: string,
  posts: (url: URL) => Response | Promise<Response>,
  rest?: TestResponder,
): TestResponder {
  return (request) => {
    const url = new URL(request.url)
    if (request.method === 'GET' && url.pathname === `/api/v1/profiles/${handle}/posts`) return posts(url)
    return rest?.(request)
  }
}

const postReads = (requests: Request[]) =>
  requests
    .filter((r) => r.method === 'GET' && /^\/api\/v1\/profiles\/[^/]+\/posts$/.test(new URL(r.url).pathname))
    .map((r) => new URL(r.url))

async function renderProfile(path: string, respond?: TestResponder) {
  const view = renderApp(path, { session: 'signed-in', respond })
  await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 })
  return view
}

const postsRegion = () => screen.findByRole('region', { name: 'Posts' })

describe('Profile posts', () => {
  it("lists the member's posts from the API, newest first, as post cards", async () => {
    const { user, requests } = await renderProfile('/profile/bia', postsAnswer('bia', () => page([biaNew, biaOld])))
    expect(await screen.findByText('Bom dia, Recife')).toBeInTheDocument()
    const cards = within(await postsRegion()).getAllByRole('article', { name: 'Bia Lima' })
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual(['Bom dia, Recife', 'Só para seguidores'])
    expect(within(await postsRegion()).queryByText('No posts yet')).not.toBeInTheDocument()

    const [read] = postReads(requests)
    expect(read?.pathname).toBe('/api/v1/profiles/bia/posts')
    expect(read?.searchParams.get('limit')).toBe('20')
    expect(read?.searchParams.has('cursor')).toBe(false)
    // Another member's post: 'Denunciar', never 'Excluir'.
    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Mais opções' }))
    expect(await screen.findByRole('menuitem', { name: 'Denunciar' })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).not.toBeInTheDocument()
  })

  it('shows post placeholders while the first page loads', async () => {
    await renderProfile('/profile/bia', postsAnswer('bia', never))
    const loading = await screen.findByRole('status', { name: 'Carregando posts' })
    expect(within(loading).getAllByTestId('post-placeholder').length).toBeGreaterThan(0)
  })

  it("shows 'No posts yet' when the member has none", async () => {
    await renderProfile('/profile/bia', postsAnswer('bia', () => page([])))
    expect(await within(await postsRegion()).findByText('No posts yet')).toBeInTheDocument()
    expect(within(await postsRegion()).queryByRole('article')).not.toBeInTheDocument()
  })

  it("loads the next page with next_cursor on 'Carregar mais', until there is none", async () => {
    const { user, requests } = await renderProfile(
      '/profile/bia',
      postsAnswer('bia', (url) => (url.searchParams.get('cursor') === 'p2' ? page([biaOld]) : page([biaNew], 'p2'))),
    )
    expect(await screen.findByText('Bom dia, Recife')).toBeInTheDocument()
    expect(screen.queryByText('Só para seguidores')).not.toBeInTheDocument()

    await user.click(within(await postsRegion()).getByRole('button', { name: 'Carregar mais' }))
    expect(await screen.findByText('Só para seguidores')).toBeInTheDocument()
    expect(postReads(requests).map((url) => url.searchParams.get('cursor'))).toEqual([null, 'p2'])
    expect(within(await postsRegion()).queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument()
    expect(screen.getByText('Bom dia, Recife')).toBeInTheDocument()
  })

  it("reads the signed-in member's own posts by their handle on /profile", async () => {
    const { requests } = await renderProfile('/profile', postsAnswer('ana', () => page([anaPost])))
    expect(await screen.findByText('Meu primeiro post')).toBeInTheDocument()
    expect(postReads(requests).map((url) => url.pathname)).toEqual(['/api/v1/profiles/ana/posts'])
  })

  it('shows our message with a retry when the list fails, and reads again on retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let fail = true
    const { user, requests } = await renderProfile(
      '/profile/bia',
      postsAnswer('bia', () => (fail ? problem(500, { detail: 'Falhou' }) : page([biaNew]))),
    )
    const alert = await within(await postsRegion()).findByRole('alert')
    expect(alert).toHaveTextContent('Não foi possível carregar os posts.')
    expect(within(await postsRegion()).queryByText('No posts yet')).not.toBeInTheDocument()
    expect(error).toHaveBeenCalledWith('profile posts fetch failed', expect.objectContaining({ status: 500 }))

    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Bom dia, Recife')).toBeInTheDocument()
    expect(postReads(requests)).toHaveLength(2)
  })

  it('offers a retry when a next page fails, keeping the posts shown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let failNext = true
    const { user } = await renderProfile(
      '/profile/bia',
      postsAnswer('bia', (url) => {
        if (url.searchParams.get('cursor') !== 'p2') return page([biaNew], 'p2')
        return failNext ? problem(500) : page([biaOld])
      }),
    )
    await user.click(await within(await postsRegion()).findByRole('button', { name: 'Carregar mais' }))
    const alert = await within(await postsRegion()).findByRole('alert')
    expect(screen.getByText('Bom dia, Recife')).toBeInTheDocument()

    failNext = false
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Só para seguidores')).toBeInTheDocument()
    expect(within(await postsRegion()).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('likes a post on the profile at once, as the feed does', async () => {
    const { user } = await renderProfile(
      '/profile/bia',
      postsAnswer('bia', () => page([biaNew]), (request) => (request.method === 'PUT' ? never() : undefined)),
    )
    const card = await within(await postsRegion()).findByRole('article', { name: 'Bia Lima' })
    await user.click(within(card).getByRole('button', { name: /^Curtir,/ }))
    expect(within(card).getByRole('button', { name: /^Descurtir,/ })).toHaveAttribute('aria-pressed', 'true')
    expect(within(card).getByTestId('like-count')).toHaveTextContent('1')
  })

  it('deletes an own post from the list and reads the list again', async () => {
    let deleted = false
    const { user, requests } = await renderProfile(
      '/profile',
      postsAnswer(
        'ana',
        () => page(deleted ? [] : [anaPost]),
        (request) => {
          if (request.method !== 'DELETE') return undefined
          deleted = true
          return new Response(null, { status: 204 })
        },
      ),
    )
    const card = await within(await postsRegion()).findByRole('article', { name: 'Ana Souza' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    await expectToast('Post excluído', 'Seu post foi excluído com sucesso.', 'success')
    expect(screen.queryByText('Meu primeiro post')).not.toBeInTheDocument()
    expect(await within(await postsRegion()).findByText('No posts yet')).toBeInTheDocument()
    await waitFor(() => {
      expect(postReads(requests)).toHaveLength(2)
    })
  })

  it("hands focus back to the card's menu button when the delete is cancelled", async () => {
    const { user } = await renderProfile('/profile', postsAnswer('ana', () => page([anaPost])))
    const card = await within(await postsRegion()).findByRole('article', { name: 'Ana Souza' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }))
    // The menu's own button, which took the place of the one pressed first (PostMenuButton).
    await waitFor(() => {
      expect(within(card).getByRole('button', { name: 'Mais opções' })).toHaveFocus()
    })
  })

  it('moves focus to the next card when a post is deleted, never to the page', async () => {
    const second = makePost('0192f000-0000-7000-8000-0000000000a0', testProfile, { text_content: 'Meu segundo post' })
    let deleted = false
    const { user } = await renderProfile(
      '/profile',
      postsAnswer(
        'ana',
        () => page(deleted ? [second] : [anaPost, second]),
        (request) => {
          if (request.method !== 'DELETE') return undefined
          deleted = true
          return new Response(null, { status: 204 })
        },
      ),
    )
    const [first] = await within(await postsRegion()).findAllByRole('article', { name: 'Ana Souza' })
    if (!first) throw new Error('no card')
    await user.click(within(first).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    await waitFor(() => {
      expect(document.activeElement).toHaveAttribute('data-post-id', second.id)
    })
    expect(screen.queryByText('Meu primeiro post')).not.toBeInTheDocument()
  })

  it('puts an own post back when its deletion fails', async () => {
    const { user } = await renderProfile(
      '/profile',
      postsAnswer(
        'ana',
        () => page([anaPost]),
        (request) => (request.method === 'DELETE' ? problem(500, { detail: 'Falhou' }) : undefined),
      ),
    )
    const card = await within(await postsRegion()).findByRole('article', { name: 'Ana Souza' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    await expectToast('Erro ao excluir post', 'Falhou')
    expect(await screen.findByText('Meu primeiro post')).toBeInTheDocument()
  })
})

describe('Profile posts after a follow', () => {
  it("reads the member's posts again after following (followers-only posts may now show)", async () => {
    let following = false
    const { user, requests } = await renderProfile(
      '/profile/bia',
      postsAnswer(
        'bia',
        () => page(following ? [biaNew, biaOld] : [biaNew]),
        (request) => {
          if (request.method !== 'POST' || new URL(request.url).pathname !== '/api/v1/profiles/bia/follow') return undefined
          following = true
          return json(200, { following: true, follower_count: 1201 })
        },
      ),
    )
    expect(await screen.findByText('Bom dia, Recife')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Follow' }))
    expect(await screen.findByText('Só para seguidores')).toBeInTheDocument()
    expect(postReads(requests)).toHaveLength(2)
  })
})
