import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { FeedPost } from '@/features/posts'
import { FakeRealtime } from '@/testing/fake-realtime'
import { otherProfile, testPost, testProfile } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import type { Comment } from '../types'

const postId = '0192f000-0000-7000-8000-0000000000b7'

function makePost(changes: Partial<FeedPost> = {}): FeedPost {
  return testPost(postId, {
    author: { id: otherProfile.id, handle: 'bia', display_name: 'Bia Lima', avatar_url: null, avatar_variants: [] },
    like_count: 1,
    comment_count: 1,
    ...changes,
  })
}

function makeComment(id: string, author: typeof testProfile, text: string, canDelete = false): Comment {
  return {
    id,
    post_id: postId,
    text_content: text,
    created_at: new Date(Date.now() - 2 * 60_000).toISOString(),
    author: { id: author.id, handle: author.handle, display_name: author.display_name, avatar_url: null, avatar_variants: [] },
    can_delete: canDelete,
  }
}

/** A small stateful server for one post and its comments. */
function postServer({
  post = makePost(),
  comments = [makeComment('c1', otherProfile, '<i>primeiro</i>')],
  extra,
}: { post?: FeedPost | null; comments?: Comment[]; extra?: TestResponder } = {}) {
  const state = { post, comments: [...comments] }
  const respond: TestResponder = (request) => {
    const own = extra?.(request)
    if (own) return own
    const url = new URL(request.url)
    const route = `${request.method} ${url.pathname}`
    if (route === `GET /api/v1/posts/${postId}`) {
      return state.post
        ? json(200, { ...state.post, comment_count: state.comments.length })
        : problem(404, { code: 'post_not_found', detail: 'Post não encontrado.' })
    }
    if (route === `GET /api/v1/posts/${postId}/comments`) return json(200, { items: state.comments })
    if (route === `POST /api/v1/posts/${postId}/comments`) {
      return request
        .clone()
        .json()
        .then((body: { text_content: string }) => {
          const comment = makeComment(`c${String(state.comments.length + 1)}`, testProfile, body.text_content, true)
          state.comments.push(comment)
          return json(201, comment)
        })
    }
    const deleted = /^DELETE \/api\/v1\/comments\/(.+)$/.exec(route)?.[1]
    if (deleted) {
      state.comments = state.comments.filter((c) => c.id !== deleted)
      return new Response(null, { status: 204 })
    }
    if (route === 'GET /api/v1/feed') return json(200, { items: [] })
    return undefined
  }
  return { state, respond }
}

async function renderPost(respond: TestResponder, realtime = new FakeRealtime()) {
  const view = renderApp(`/post/${postId}`, { session: 'signed-in', respond, realtime })
  await screen.findByRole('heading', { level: 1, name: 'Post' }, { timeout: 5000 })
  return view
}

const reads = (requests: Request[], path: string) =>
  requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === path).length

describe('PostScreen', { timeout: 15_000 }, () => {
  it("goes back with 'Voltar' to the page the member came from", async () => {
    const { respond } = postServer()
    const { user, router } = renderApp('/settings', { session: 'signed-in', respond })
    await screen.findByRole('heading', { level: 1, name: 'Configurações' }, { timeout: 5000 })
    await router.navigate(`/post/${postId}`)
    await screen.findByRole('heading', { level: 1, name: 'Post' }, { timeout: 5000 })
    await user.click(screen.getByRole('button', { name: 'Voltar' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/settings')
    })
  })

  it("goes to the feed with 'Voltar' when the shared link opened the app", async () => {
    const { respond } = postServer()
    const { user, router } = await renderPost(respond)
    await user.click(screen.getByRole('button', { name: 'Voltar' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
  })

  it('shows a skeleton while the post loads', async () => {
    await renderPost((request) => (request.url.endsWith(`/api/v1/posts/${postId}`) ? never() : undefined))
    expect(screen.getByRole('status', { name: 'Carregando post' })).toBeInTheDocument()
  })

  it("shows 'Post não encontrado.' with a link back to the feed", async () => {
    await renderPost(postServer({ post: null }).respond)
    expect(await screen.findByText('Post não encontrado.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para o feed' })).toHaveAttribute('href', '/')
  })

  it('renders the post card and the thread: author links, pt-BR time, text as text', async () => {
    await renderPost(postServer().respond)
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    expect(within(card).getByText('Olá do Recife')).toBeInTheDocument()
    const thread = await screen.findByRole('list', { name: 'Comentários' })
    const comment = within(thread).getByRole('article', { name: 'Bia Lima' })
    expect(within(comment).getByText('<i>primeiro</i>')).toBeInTheDocument()
    expect(within(comment).getByRole('link', { name: '@bia' })).toHaveAttribute('href', '/profile/bia')
    expect(within(comment).getByRole('link', { name: 'Bia Lima' })).toHaveAttribute('href', '/profile/bia')
    expect(within(comment).getByText('há 2 minutos')).toBeInTheDocument()
    expect(within(comment).queryByRole('button', { name: /Excluir/ })).not.toBeInTheDocument()
  })

  it('shows the empty thread invitation', async () => {
    await renderPost(postServer({ comments: [] }).respond)
    expect(await screen.findByText('Nenhum comentário ainda. Seja o primeiro a comentar!')).toBeInTheDocument()
  })

  it("comments with 'Comentar' ('Comentando...' while sending) and reads the thread again", async () => {
    let release: (() => void) | undefined
    const server = postServer({
      extra: (request) =>
        request.method === 'POST' && request.url.endsWith('/comments') && !release
          ? new Promise<Response>((resolve) => {
              release = () => {
                resolve(json(201, makeComment('c2', testProfile, 'Que lindo!', true)))
              }
            })
          : undefined,
    })
    const { user, requests } = await renderPost(server.respond)
    await screen.findByRole('list', { name: 'Comentários' })
    const box = screen.getByRole('textbox', { name: 'Escreva um comentário...' })
    expect(screen.getByRole('button', { name: 'Comentar' })).toBeDisabled()
    expect(screen.getByLabelText('500 caracteres restantes')).toBeInTheDocument()
    await user.type(box, 'Que lindo!')
    expect(screen.getByLabelText('490 caracteres restantes')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Comentar' }))
    expect(await screen.findByRole('button', { name: 'Comentando...' })).toBeDisabled()
    const sent = requests.find((r) => r.method === 'POST' && r.url.endsWith(`/api/v1/posts/${postId}/comments`))
    expect(await sent?.clone().json()).toEqual({ text_content: 'Que lindo!' })
    server.state.comments.push(makeComment('c2', testProfile, 'Que lindo!', true))
    release?.()
    const thread = screen.getByRole('list', { name: 'Comentários' })
    expect(await within(thread).findByText('Que lindo!')).toBeInTheDocument()
    expect(box).toHaveValue('')
    await waitFor(() => {
      expect(screen.getByRole('link', { name: '2 comentários' })).toBeInTheDocument()
    })
  })

  it("shows the server's reason under the box when a comment is refused", async () => {
    const { user } = await renderPost(
      postServer({
        extra: (request) =>
          request.method === 'POST' && request.url.endsWith('/comments')
            ? problem(422, { code: 'comment_empty', detail: 'Por favor, escreva um comentário.' })
            : undefined,
      }).respond,
    )
    await user.type(await screen.findByRole('textbox', { name: 'Escreva um comentário...' }), 'x')
    await user.click(screen.getByRole('button', { name: 'Comentar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Por favor, escreva um comentário.')
  })

  it("deletes one's own comment after confirming", async () => {
    const server = postServer({ comments: [makeComment('c1', testProfile, 'meu comentário', true)] })
    const { user, requests } = await renderPost(server.respond)
    const thread = await screen.findByRole('list', { name: 'Comentários' })
    await user.click(within(thread).getByRole('button', { name: 'Excluir comentário de Ana Souza' }))
    const dialog = await screen.findByRole('dialog', { name: 'Excluir comentário?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)

    await user.click(within(thread).getByRole('button', { name: 'Excluir comentário de Ana Souza' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    await expectToast('Comentário excluído', undefined, 'success')
    expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/api/v1/comments/c1'))).toBe(true)
    expect(await screen.findByText('Nenhum comentário ainda. Seja o primeiro a comentar!')).toBeInTheDocument()
  })

  it('loads more comments over next_cursor', async () => {
    const { user, requests } = await renderPost(
      postServer({
        extra: (request) => {
          const url = new URL(request.url)
          if (request.method !== 'GET' || !url.pathname.endsWith('/comments')) return undefined
          return url.searchParams.get('cursor') === 'k2'
            ? json(200, { items: [makeComment('c2', testProfile, 'segundo')] })
            : json(200, { items: [makeComment('c1', otherProfile, 'primeiro')], next_cursor: 'k2' })
        },
      }).respond,
    )
    await screen.findByText('primeiro')
    await user.click(screen.getByRole('button', { name: 'Carregar mais comentários' }))
    expect(await screen.findByText('segundo')).toBeInTheDocument()
    expect(requests.some((r) => new URL(r.url).searchParams.get('cursor') === 'k2')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Carregar mais comentários' })).not.toBeInTheDocument()
  })

  it("deletes one's own post and goes to the feed", async () => {
    const { user, router } = await renderPost(
      postServer({
        post: makePost({
          author_id: testProfile.id,
          author: { id: testProfile.id, handle: 'ana', display_name: 'Ana Souza', avatar_url: null, avatar_variants: [] },
        }),
        extra: (request) =>
          request.method === 'DELETE' && request.url.endsWith(`/api/v1/posts/${postId}`)
            ? new Response(null, { status: 204 })
            : undefined,
      }).respond,
    )
    const card = await screen.findByRole('article', { name: 'Ana Souza' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Excluir post?' })).getByRole('button', { name: 'Excluir' }))
    await expectToast('Post excluído', 'Seu post foi excluído com sucesso.', 'success')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
  })
})

describe('PostScreen, live', { timeout: 15_000 }, () => {
  it('reads the thread again on comment.created and sets the counts from events', async () => {
    const realtime = new FakeRealtime()
    const server = postServer()
    const { requests } = await renderPost(server.respond, realtime)
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await screen.findByText('<i>primeiro</i>')
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain(`post:${postId}`)
    })
    const before = reads(requests, `/api/v1/posts/${postId}/comments`)
    server.state.comments.push(makeComment('c2', testProfile, 'chegou ao vivo'))
    realtime.emit(`post:${postId}`, 'comment.created', { post_id: postId, comment_id: 'c2', comment_count: 2 })
    expect(await screen.findByText('chegou ao vivo')).toBeInTheDocument()
    expect(reads(requests, `/api/v1/posts/${postId}/comments`)).toBeGreaterThan(before)
    expect(within(card).getByTestId('comment-count')).toHaveTextContent('2')

    realtime.emit(`post:${postId}`, 'post.liked', { id: postId, like_count: 5 })
    await waitFor(() => {
      expect(within(card).getByTestId('like-count')).toHaveTextContent('5')
    })

    server.state.comments = server.state.comments.filter((c) => c.id !== 'c2')
    realtime.emit(`post:${postId}`, 'comment.deleted', { post_id: postId, comment_id: 'c2', comment_count: 1 })
    await waitFor(() => {
      expect(screen.queryByText('chegou ao vivo')).not.toBeInTheDocument()
    })
    expect(within(card).getByTestId('comment-count')).toHaveTextContent('1')
  })

  it("shows 'Post não encontrado.' on post.deleted", async () => {
    const realtime = new FakeRealtime()
    await renderPost(postServer().respond, realtime)
    await screen.findByRole('article', { name: 'Bia Lima' })
    await realtime.openSubscribed(`post:${postId}`)
    realtime.emit(`post:${postId}`, 'post.deleted', { id: postId })
    expect(await screen.findByText('Post não encontrado.')).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Bia Lima' })).not.toBeInTheDocument()
  })

  it('reads the post and the thread again after a 1013 reconnect', async () => {
    const realtime = new FakeRealtime()
    const { requests } = await renderPost(postServer().respond, realtime)
    await screen.findByText('<i>primeiro</i>')
    realtime.open()
    const posts = reads(requests, `/api/v1/posts/${postId}`)
    const comments = reads(requests, `/api/v1/posts/${postId}/comments`)
    realtime.current.handlers.onClose(1013)
    await waitFor(
      () => {
        expect(realtime.sockets).toHaveLength(2)
      },
      { timeout: 3000 },
    )
    realtime.open()
    await waitFor(() => {
      expect(reads(requests, `/api/v1/posts/${postId}`)).toBeGreaterThan(posts)
      expect(reads(requests, `/api/v1/posts/${postId}/comments`)).toBeGreaterThan(comments)
    })
  })
})
