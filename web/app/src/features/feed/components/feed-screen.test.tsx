import { QueryClient } from '@tanstack/react-query'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { FeedPost } from '@/features/posts'
import { resetFirstScreenForTests } from '@/lib/first-screen'
import { AppQueryClient } from '@/lib/react-query'
import { otherProfile, testPost, testProfile } from '@/testing/fixtures'
import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

function makePost(id: string, author: typeof testProfile, changes: Partial<FeedPost> = {}): FeedPost {
  return testPost(id, {
    author_id: author.id,
    author: { id: author.id, handle: author.handle, display_name: author.display_name, avatar_url: null, avatar_variants: [] },
    text_content: `Post ${id}`,
    comment_count: 2,
    ...changes,
  })
}

const biaPost = makePost('0192f000-0000-7000-8000-0000000000b1', otherProfile, { text_content: 'Olá do Recife' })
const anaPost = makePost('0192f000-0000-7000-8000-0000000000a1', testProfile, { text_content: 'Meu primeiro post' })

/** Answers GET /api/v1/feed with `feed`, then lets `rest` answer the other calls. */
function feedAnswer(feed: (url: URL) => Response | Promise<Response>, rest?: TestResponder): TestResponder {
  return (request) => {
    const url = new URL(request.url)
    if (request.method === 'GET' && url.pathname === '/api/v1/feed') return feed(url)
    return rest?.(request)
  }
}

const page = (items: FeedPost[], next_cursor?: string) => () => json(200, { items, ...(next_cursor ? { next_cursor } : {}) })

async function renderFeed(respond: TestResponder, realtime = new FakeRealtime(), queryClient?: QueryClient) {
  const view = renderApp('/', { session: 'signed-in', respond, realtime, ...(queryClient ? { queryClient } : {}) })
  await screen.findByRole('heading', { level: 1, name: 'Últimos posts' }, { timeout: 5000 })
  return view
}

const feedRequests = (requests: Request[]) =>
  requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/v1/feed').map((r) => new URL(r.url))

describe('FeedScreen', () => {
  it("orders by 'Recentes' by default and switches to 'Em Alta'", async () => {
    const { user, requests } = await renderFeed(feedAnswer(page([])))
    const group = screen.getByRole('group', { name: 'Ordem dos posts' })
    expect(within(group).getByRole('button', { name: 'Recentes' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(group).getByRole('button', { name: 'Em Alta' })).toHaveAttribute('aria-pressed', 'false')
    await waitFor(() => {
      expect(feedRequests(requests)[0]?.searchParams.get('algorithm')).toBe('chronological')
    })
    expect(feedRequests(requests)[0]?.searchParams.get('limit')).toBe('20')

    await user.click(within(group).getByRole('button', { name: 'Em Alta' }))
    expect(within(group).getByRole('button', { name: 'Em Alta' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => {
      expect(feedRequests(requests).at(-1)?.searchParams.get('algorithm')).toBe('ranked')
    })
  })

  it('names the shown tab in the heading', async () => {
    const { user } = await renderFeed(feedAnswer(page([])))
    const group = screen.getByRole('group', { name: 'Ordem dos posts' })
    const heading = () => screen.getByRole('heading', { level: 1 })
    expect(heading()).toHaveTextContent('Últimos posts')

    await user.click(within(group).getByRole('button', { name: 'Em Alta' }))
    expect(heading()).toHaveTextContent('Posts em alta')

    await user.click(within(group).getByRole('button', { name: 'Seguindo' }))
    expect(heading()).toHaveTextContent('Posts de quem você segue')

    await user.click(within(group).getByRole('button', { name: 'Recentes' }))
    expect(heading()).toHaveTextContent('Últimos posts')
  })

  it('asks for the badges, the plugin list and the chart only once the feed is drawn', async () => {
    resetFirstScreenForTests(false)
    let answerFeed: () => void = () => undefined
    const feedArrived = new Promise<void>((resolve) => {
      answerFeed = resolve
    })
    const { requests } = await renderFeed(
      feedAnswer(async () => {
        await feedArrived
        return page([biaPost])()
      }),
    )
    const secondary = () =>
      requests
        .map((r) => new URL(r.url).pathname)
        .filter((path) => ['/api/v1/notifications/unread-count', '/api/v1/meta', '/api/v1/trending', '/api/v1/messages/unread-count'].includes(path))
    // The feed is still on its way: nothing else has been asked.
    await waitFor(() => {
      expect(feedRequests(requests)).toHaveLength(1)
    })
    expect(secondary()).toEqual([])

    answerFeed()
    expect(await screen.findByText('Olá do Recife')).toBeInTheDocument()
    await waitFor(() => {
      expect(new Set(secondary())).toEqual(
        new Set(['/api/v1/notifications/unread-count', '/api/v1/meta', '/api/v1/trending', '/api/v1/messages/unread-count']),
      )
    })
  })

  it('shows 5 placeholder cards while loading', async () => {
    await renderFeed(feedAnswer(never))
    const loading = screen.getByRole('status', { name: 'Carregando posts' })
    expect(within(loading).getAllByTestId('post-placeholder')).toHaveLength(5)
  })

  it('shows the empty state with the algorithm badge and the hint', async () => {
    const { user } = await renderFeed(feedAnswer(page([])))
    expect(await screen.findByText('Ainda não há posts para mostrar.')).toBeInTheDocument()
    expect(screen.getByText('Comece seguindo algumas pessoas ou crie seu primeiro post!')).toBeInTheDocument()
    expect(screen.getByText('Recentes', { selector: '[data-slot="badge"]' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Em Alta' }))
    expect(await screen.findByText('Em Alta', { selector: '[data-slot="badge"]' })).toBeInTheDocument()
  })

  it("toasts 'Não foi possível carregar os posts.' when the feed fails", async () => {
    await renderFeed(feedAnswer(() => problem(500, { detail: 'Falhou' })))
    await expectToast('Erro', 'Não foi possível carregar os posts.')
  })

  it('renders the card: author links, pt-BR time, text as text, link preview', async () => {
    const post = makePost('0192f000-0000-7000-8000-0000000000c1', otherProfile, {
      text_content: '<b>negrito?</b>',
      link_preview_url: 'https://example.com/artigo',
      link_preview_title: 'Um artigo',
    })
    await renderFeed(feedAnswer(page([post])))
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    expect(within(card).getByText('<b>negrito?</b>')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: '@bia' })).toHaveAttribute('href', '/profile/bia')
    expect(within(card).getByText('há 5 minutos')).toBeInTheDocument()
    const preview = within(card).getByRole('link', { name: /Um artigo/ })
    expect(preview).toHaveAttribute('target', '_blank')
    expect(preview).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  })

  it('likes at once and reverts with a toast when the call fails', async () => {
    let fail: (() => void) | undefined
    const { user } = await renderFeed(
      feedAnswer(page([biaPost]), (request) =>
        request.method === 'PUT' && new URL(request.url).pathname.endsWith('/like')
          ? new Promise<Response>((resolve) => {
              fail = () => {
                resolve(problem(500, { detail: 'Falhou' }))
              }
            })
          : undefined,
      ),
    )
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(card).getByRole('button', { name: /^Curtir,/ }))
    const unlike = within(card).getByRole('button', { name: /^Descurtir,/ })
    expect(unlike).toHaveAttribute('aria-pressed', 'true')
    expect(within(card).getByTestId('like-count')).toHaveTextContent('1')

    await waitFor(() => {
      expect(fail).toBeDefined()
    })
    fail?.()
    await expectToast('Erro', 'Não foi possível curtir o post.')
    expect(within(card).getByRole('button', { name: /^Curtir,/ })).toHaveAttribute('aria-pressed', 'false')
    expect(within(card).getByTestId('like-count')).toHaveTextContent('0')
  })

  it('never counts below 0 when unliking', async () => {
    const post = makePost('0192f000-0000-7000-8000-0000000000d1', otherProfile, { is_liked: true, like_count: 0 })
    const { user } = await renderFeed(
      feedAnswer(page([post]), (request) => (request.method === 'DELETE' ? never() : undefined)),
    )
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(card).getByRole('button', { name: /^Descurtir,/ }))
    expect(within(card).getByTestId('like-count')).toHaveTextContent('0')
  })

  it('deletes after confirming, and restores the post when the call fails', async () => {
    const { user } = await renderFeed(
      feedAnswer(page([anaPost, biaPost]), (request) =>
        request.method === 'DELETE'
          ? problem(403, { code: 'post_not_author', detail: 'Você só pode excluir seus próprios posts.' })
          : undefined,
      ),
    )
    const card = await screen.findByRole('article', { name: 'Ana Souza' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    const dialog = await screen.findByRole('dialog', { name: 'Excluir post?' })

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(screen.getByText('Meu primeiro post')).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    await expectToast('Erro ao excluir post', 'Você só pode excluir seus próprios posts.')
    expect(await screen.findByText('Meu primeiro post')).toBeInTheDocument()
  })

  it("removes the post at once and toasts 'Post excluído' on success", async () => {
    const { user } = await renderFeed(
      feedAnswer(page([anaPost]), (request) =>
        request.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
      ),
    )
    const card = await screen.findByRole('article', { name: 'Ana Souza' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    await expectToast('Post excluído', 'Seu post foi excluído com sucesso.', 'success')
    expect(screen.queryByText('Meu primeiro post')).not.toBeInTheDocument()
  })

  it("edits one's own post in place: 'Salvar' sends the text, the card shows the answer and 'Post atualizado'", async () => {
    const { user, requests } = await renderFeed(
      feedAnswer(page([anaPost]), (request) =>
        request.method === 'PATCH' ? json(200, { ...anaPost, text_content: 'Meu post, revisto' }) : undefined,
      ),
    )
    const card = await screen.findByRole('article', { name: 'Ana Souza' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }))
    const field = within(card).getByRole('textbox', { name: 'Editar texto do post' })
    expect(field).toHaveValue('Meu primeiro post')
    // Unchanged text: nothing to save.
    expect(within(card).getByRole('button', { name: 'Salvar' })).toBeDisabled()
    await user.clear(field)
    await user.type(field, 'Meu post, revisto')
    expect(within(card).getByTestId('remaining-characters')).toHaveTextContent(String(280 - 'Meu post, revisto'.length))
    await user.click(within(card).getByRole('button', { name: 'Salvar' }))
    await expectToast('Post atualizado', 'Seu post foi atualizado.', 'success')
    expect(await within(card).findByText('Meu post, revisto')).toBeInTheDocument()
    expect(within(card).queryByRole('textbox', { name: 'Editar texto do post' })).not.toBeInTheDocument()
    const sent = requests.find((r) => r.method === 'PATCH' && r.url.endsWith(`/api/v1/posts/${anaPost.id}`))
    expect(await sent?.clone().json()).toEqual({ text_content: 'Meu post, revisto' })
  })

  it("keeps the editor open and toasts 'Não foi possível atualizar o post.' when the edit fails; others get no 'Editar'", async () => {
    const { user } = await renderFeed(
      feedAnswer(page([anaPost, biaPost]), (request) => (request.method === 'PATCH' ? json(500, {}) : undefined)),
    )
    const other = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(other).getByRole('button', { name: 'Mais opções' }))
    expect(screen.queryByRole('menuitem', { name: 'Editar' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')

    const card = screen.getByRole('article', { name: 'Ana Souza' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }))
    const field = within(card).getByRole('textbox', { name: 'Editar texto do post' })
    await user.type(field, '!')
    await user.click(within(card).getByRole('button', { name: 'Salvar' }))
    await expectToast('Erro', 'Não foi possível atualizar o post.')
    expect(within(card).getByRole('textbox', { name: 'Editar texto do post' })).toHaveValue('Meu primeiro post!')
    await user.click(within(card).getByRole('button', { name: 'Cancelar' }))
    expect(within(card).getByText('Meu primeiro post')).toBeInTheDocument()
  })

  it("reports other members' posts with 'Denunciar' and thanks with a toast", async () => {
    const { user, requests } = await renderFeed(
      feedAnswer(page([biaPost]), (request) =>
        request.method === 'POST' && new URL(request.url).pathname.endsWith('/report')
          ? json(201, { id: 'r1', status: 'open' })
          : undefined,
      ),
    )
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('menuitem', { name: 'Denunciar' }))
    await expectToast('Denúncia enviada', 'Obrigado. Nossa equipe vai analisar este post.', 'success')
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith(`/api/v1/posts/${biaPost.id}/report`))).toBe(true)
  })

  it("shows the server's detail when the report fails", async () => {
    const { user } = await renderFeed(
      feedAnswer(page([biaPost]), (request) =>
        request.method === 'POST' && new URL(request.url).pathname.endsWith('/report')
          ? problem(403, { code: 'report_own_post', detail: 'Você não pode denunciar o próprio post.' })
          : undefined,
      ),
    )
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Denunciar' }))
    await expectToast('Erro', 'Você não pode denunciar o próprio post.')
  })

  it('shows an image post with its badge, the loading and failure states, and links the comment count', async () => {
    const post = makePost('0192f000-0000-7000-8000-0000000000f1', otherProfile, {
      type: 'image',
      media_url: 'https://cdn.social.test/posts/f1.jpg?sig=1',
      comment_count: 3,
    })
    await renderFeed(feedAnswer(page([post])))
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    expect(within(card).getByText('Imagem', { selector: '[data-slot="badge"]' })).toBeInTheDocument()
    const image = within(card).getByRole('img', { name: 'Imagem publicada por Bia Lima' })
    expect(image).toHaveAttribute('src', post.media_url)
    expect(image).toHaveClass('max-h-96')
    expect(within(card).getByRole('status')).toHaveTextContent('Carregando mídia...')
    fireEvent.load(image)
    expect(within(card).getByRole('status')).toHaveTextContent('')
    fireEvent.error(image)
    expect(within(card).getByRole('status')).toHaveTextContent('Erro ao carregar mídia')
    expect(within(card).queryByRole('img', { name: /Imagem publicada/ })).not.toBeInTheDocument()
    expect(within(card).getByRole('link', { name: '3 comentários' })).toHaveAttribute('href', `/post/${post.id}`)
  })

  it('plays a video post with controls, loading only its metadata', async () => {
    const post = makePost('0192f000-0000-7000-8000-0000000000f2', otherProfile, {
      type: 'video',
      media_url: 'https://cdn.social.test/posts/f2.mp4?sig=1',
    })
    await renderFeed(feedAnswer(page([post])))
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    expect(within(card).getByText('Vídeo', { selector: '[data-slot="badge"]' })).toBeInTheDocument()
    const video = within(card).getByLabelText('Vídeo publicado por Bia Lima')
    expect(video).toHaveAttribute('controls')
    expect(video).toHaveAttribute('preload', 'metadata')
    fireEvent.loadedMetadata(video)
    expect(within(card).queryByText('Carregando mídia...')).not.toBeInTheDocument()
  })

  it('copies the post link and counts the share', async () => {
    const { user, requests } = await renderFeed(
      feedAnswer(page([biaPost]), (request) =>
        request.method === 'POST' && new URL(request.url).pathname.endsWith('/share')
          ? json(200, { share_count: 1 })
          : undefined,
      ),
    )
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(card).getByRole('button', { name: 'Compartilhar' }))
    await expectToast('Link copiado!', 'O link do post foi copiado.', 'success')
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/post/${biaPost.id}`)
    await waitFor(() => {
      expect(requests.some((r) => r.method === 'POST' && r.url.endsWith(`/posts/${biaPost.id}/share`))).toBe(true)
    })
  })

  it('loads the next page over next_cursor', async () => {
    const { user } = await renderFeed(
      feedAnswer((url) => {
        const cursor = url.searchParams.get('cursor')
        return cursor === 'c2' ? json(200, { items: [anaPost] }) : json(200, { items: [biaPost], next_cursor: 'c2' })
      }),
    )
    await screen.findByText('Olá do Recife')
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }))
    expect(await screen.findByText('Meu primeiro post')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument()
  })
})

describe('FeedScreen, live', () => {
  it("shows 'Ver novos posts' for another member's new post; clicking refetches and clears it", async () => {
    const realtime = new FakeRealtime()
    const { user, requests } = await renderFeed(feedAnswer(page([biaPost])), realtime)
    await screen.findByText('Olá do Recife')
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toEqual(expect.arrayContaining(['feed:public', `post:${biaPost.id}`]))
    })
    expect(realtime.current.url).not.toContain('test-access-token')
    expect(realtime.current.protocols).toContain('social.token.test-access-token')

    realtime.emit('feed:public', 'post.created', { id: 'x1', author_id: testProfile.id })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('button', { name: 'Ver novos posts' })).not.toBeInTheDocument()

    realtime.emit('feed:public', 'post.created', { id: 'x2', author_id: otherProfile.id })
    const banner = await screen.findByRole('button', { name: 'Ver novos posts' })
    const before = feedRequests(requests).length
    await user.click(banner)
    expect(screen.queryByRole('button', { name: 'Ver novos posts' })).not.toBeInTheDocument()
    await waitFor(() => {
      expect(feedRequests(requests).length).toBeGreaterThan(before)
    })
  })

  it("the refresh button 'Atualizar' clears the banner too", async () => {
    const realtime = new FakeRealtime()
    const { user } = await renderFeed(feedAnswer(page([])), realtime)
    await screen.findByText('Ainda não há posts para mostrar.')
    await realtime.openSubscribed('feed:public')
    realtime.emit('feed:public', 'post.created', { id: 'x2', author_id: otherProfile.id })
    await screen.findByRole('button', { name: 'Ver novos posts' })
    await user.click(screen.getByRole('button', { name: 'Atualizar' }))
    expect(screen.queryByRole('button', { name: 'Ver novos posts' })).not.toBeInTheDocument()
  })

  it('sets the like count from post.liked / post.unliked events', async () => {
    const realtime = new FakeRealtime()
    await renderFeed(feedAnswer(page([biaPost])), realtime)
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await realtime.openSubscribed(`post:${biaPost.id}`)
    realtime.emit(`post:${biaPost.id}`, 'post.liked', { id: biaPost.id, like_count: 7 })
    await waitFor(() => {
      expect(within(card).getByTestId('like-count')).toHaveTextContent('7')
    })
    realtime.emit(`post:${biaPost.id}`, 'post.unliked', { id: biaPost.id, like_count: 6 })
    await waitFor(() => {
      expect(within(card).getByTestId('like-count')).toHaveTextContent('6')
    })
  })

  it('takes a post deleted on feed:public out of the list at once', async () => {
    const realtime = new FakeRealtime()
    await renderFeed(feedAnswer(page([anaPost, biaPost])), realtime)
    await screen.findByText('Olá do Recife')
    await realtime.openSubscribed('feed:public')
    realtime.emit('feed:public', 'post.deleted', { id: biaPost.id })
    await waitFor(() => {
      expect(screen.queryByText('Olá do Recife')).not.toBeInTheDocument()
    })
    expect(screen.getByText('Meu primeiro post')).toBeInTheDocument()
  })

  it('sets the comment count from comment.created / comment.deleted events', async () => {
    const realtime = new FakeRealtime()
    await renderFeed(feedAnswer(page([biaPost])), realtime)
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await realtime.openSubscribed(`post:${biaPost.id}`)
    realtime.emit(`post:${biaPost.id}`, 'comment.created', { post_id: biaPost.id, comment_id: 'c9', comment_count: 3 })
    await waitFor(() => {
      expect(within(card).getByTestId('comment-count')).toHaveTextContent('3')
    })
    realtime.emit(`post:${biaPost.id}`, 'comment.deleted', { post_id: biaPost.id, comment_id: 'c9', comment_count: 2 })
    await waitFor(() => {
      expect(within(card).getByTestId('comment-count')).toHaveTextContent('2')
    })
  })

  it('reads the feed again after the socket is dropped as a slow consumer (1013)', async () => {
    const realtime = new FakeRealtime()
    const { requests } = await renderFeed(feedAnswer(page([biaPost])), realtime)
    await screen.findByText('Olá do Recife')
    realtime.open()
    const before = feedRequests(requests).length
    realtime.current.handlers.onClose(1013)
    // The client waits 1 s before reconnecting.
    await waitFor(
      () => {
        expect(realtime.sockets).toHaveLength(2)
      },
      { timeout: 3000 },
    )
    expect(feedRequests(requests)).toHaveLength(before)
    realtime.open()
    await waitFor(() => {
      expect(feedRequests(requests).length).toBeGreaterThan(before)
    })
  })
})

describe("FeedScreen, 'Seguindo' (ours)", () => {
  const followersOnly = makePost('0192f000-0000-7000-8000-0000000000b2', otherProfile, {
    text_content: 'Só para seguidores',
    visibility: 'friends_only',
  })

  /** Answers each algorithm with its own page. */
  const byAlgorithm =
    (pages: Partial<Record<string, FeedPost[]>>, rest?: TestResponder): TestResponder =>
    (request) => {
      const url = new URL(request.url)
      if (request.method === 'GET' && url.pathname === '/api/v1/feed') {
        return json(200, { items: pages[url.searchParams.get('algorithm') ?? ''] ?? [] })
      }
      return rest?.(request)
    }

  /** As the app's own client: pages stay fresh for 30 s, so a tab shown again is not read again by itself. */
  const appLikeClient = () =>
    new AppQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: 30_000 } } })

  const readsOf = (requests: Request[], algorithm: string) =>
    feedRequests(requests).filter((url) => url.searchParams.get('algorithm') === algorithm)

  it('reads algorithm=following with the same page size and shows followers-only posts', async () => {
    const { user, requests } = await renderFeed(
      byAlgorithm({ chronological: [anaPost], following: [followersOnly, biaPost] }),
    )
    await screen.findByText('Meu primeiro post')
    const group = screen.getByRole('group', { name: 'Ordem dos posts' })
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Em Alta',
      'Recentes',
      'Seguindo',
    ])
    await user.click(within(group).getByRole('button', { name: 'Seguindo' }))
    expect(within(group).getByRole('button', { name: 'Seguindo' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(group).getByRole('button', { name: 'Recentes' })).toHaveAttribute('aria-pressed', 'false')
    expect(await screen.findByText('Só para seguidores')).toBeInTheDocument()
    expect(screen.getByText('Olá do Recife')).toBeInTheDocument()
    expect(screen.queryByText('Meu primeiro post')).not.toBeInTheDocument()
    const read = readsOf(requests, 'following')
    expect(read).toHaveLength(1)
    expect(read[0]?.searchParams.get('limit')).toBe('20')
  })

  it('follows next_cursor on the following timeline', async () => {
    const { user, requests } = await renderFeed(
      feedAnswer((url) => {
        if (url.searchParams.get('algorithm') !== 'following') return json(200, { items: [] })
        return url.searchParams.get('cursor') === 'f2'
          ? json(200, { items: [anaPost] })
          : json(200, { items: [biaPost], next_cursor: 'f2' })
      }),
    )
    await screen.findByText('Ainda não há posts para mostrar.')
    await user.click(screen.getByRole('button', { name: 'Seguindo' }))
    await screen.findByText('Olá do Recife')
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }))
    expect(await screen.findByText('Meu primeiro post')).toBeInTheDocument()
    expect(readsOf(requests, 'following').at(-1)?.searchParams.get('cursor')).toBe('f2')
  })

  it("shows the empty state with the 'Seguindo' badge and the hint, without the demo card", async () => {
    const { user } = await renderFeed(byAlgorithm({}))
    await screen.findByRole('region', { name: 'Dados de demonstração' })
    await user.click(screen.getByRole('button', { name: 'Seguindo' }))
    expect(await screen.findByText('Seguindo', { selector: '[data-slot="badge"]' })).toBeInTheDocument()
    expect(screen.getByText('Ainda não há posts para mostrar.')).toBeInTheDocument()
    expect(screen.getByText('Comece seguindo algumas pessoas ou crie seu primeiro post!')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Dados de demonstração' })).not.toBeInTheDocument()
  })

  it('keeps the pages of each tab cached: switching back shows them without a new read', async () => {
    const { user, requests } = await renderFeed(
      byAlgorithm({ chronological: [anaPost], following: [biaPost] }),
      new FakeRealtime(),
      appLikeClient(),
    )
    await screen.findByText('Meu primeiro post')
    await user.click(screen.getByRole('button', { name: 'Seguindo' }))
    await screen.findByText('Olá do Recife')
    await user.click(screen.getByRole('button', { name: 'Recentes' }))
    expect(screen.getByText('Meu primeiro post')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Seguindo' }))
    expect(screen.getByText('Olá do Recife')).toBeInTheDocument()
    expect(readsOf(requests, 'chronological')).toHaveLength(1)
    expect(readsOf(requests, 'following')).toHaveLength(1)
  })

  it("on 'Seguindo', the banner reads that tab again and the other tabs are read when shown", async () => {
    const realtime = new FakeRealtime()
    const { user, requests } = await renderFeed(
      byAlgorithm({ chronological: [anaPost], following: [biaPost] }),
      realtime,
      appLikeClient(),
    )
    await screen.findByText('Meu primeiro post')
    await user.click(screen.getByRole('button', { name: 'Seguindo' }))
    await screen.findByText('Olá do Recife')
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain('feed:public')
    })
    realtime.emit('feed:public', 'post.created', { id: 'x3', author_id: otherProfile.id })
    await user.click(await screen.findByRole('button', { name: 'Ver novos posts' }))
    expect(screen.queryByRole('button', { name: 'Ver novos posts' })).not.toBeInTheDocument()
    await waitFor(() => {
      expect(readsOf(requests, 'following')).toHaveLength(2)
    })
    expect(readsOf(requests, 'chronological')).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Recentes' }))
    await waitFor(() => {
      expect(readsOf(requests, 'chronological')).toHaveLength(2)
    })
  })

  it("'Atualizar' on 'Seguindo' reads the following timeline again", async () => {
    const { user, requests } = await renderFeed(byAlgorithm({ following: [biaPost] }))
    await user.click(screen.getByRole('button', { name: 'Seguindo' }))
    await screen.findByText('Olá do Recife')
    await user.click(screen.getByRole('button', { name: 'Atualizar' }))
    await waitFor(() => {
      expect(readsOf(requests, 'following')).toHaveLength(2)
    })
  })

  it('likes, live counts and deletes change the post on every cached tab', async () => {
    const realtime = new FakeRealtime()
    const { user } = await renderFeed(
      byAlgorithm({ chronological: [anaPost, biaPost], following: [anaPost, biaPost] }, (request) => {
        if (request.method === 'PUT') return json(200, { is_liked: true, like_count: 1 })
        if (request.method === 'DELETE') return new Response(null, { status: 204 })
        return undefined
      }),
      realtime,
      appLikeClient(),
    )
    await screen.findByText('Olá do Recife')
    await user.click(screen.getByRole('button', { name: 'Seguindo' }))
    const bia = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(bia).getByRole('button', { name: /^Curtir,/ }))
    expect(within(bia).getByTestId('like-count')).toHaveTextContent('1')

    await realtime.openSubscribed(`post:${biaPost.id}`)
    realtime.emit(`post:${biaPost.id}`, 'comment.created', { post_id: biaPost.id, comment_id: 'c1', comment_count: 5 })
    await waitFor(() => {
      expect(within(bia).getByTestId('comment-count')).toHaveTextContent('5')
    })

    const ana = screen.getByRole('article', { name: 'Ana Souza' })
    await user.click(within(ana).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    await expectToast('Post excluído', 'Seu post foi excluído com sucesso.', 'success')
    expect(screen.queryByText('Meu primeiro post')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Recentes' }))
    const biaOnRecent = await screen.findByRole('article', { name: 'Bia Lima' })
    expect(within(biaOnRecent).getByRole('button', { name: /^Descurtir,/ })).toHaveAttribute('aria-pressed', 'true')
    expect(within(biaOnRecent).getByTestId('like-count')).toHaveTextContent('1')
    expect(within(biaOnRecent).getByTestId('comment-count')).toHaveTextContent('5')
    expect(screen.queryByText('Meu primeiro post')).not.toBeInTheDocument()
  })
})
