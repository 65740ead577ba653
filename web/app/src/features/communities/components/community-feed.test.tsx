import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import type { FeedPost } from '@/features/posts'

import {
  anaRef,
  audienceFeed,
  audienceReads,
  biaRef,
  communityPost,
  makeCommunity,
  noContent,
  ok,
  ownedBy,
  routes,
  sent,
} from '../testing'
import type { Community } from '../types'

const memberOf = makeCommunity('c1', {
  name: 'Clube do Livro',
  membership: { id: 'm1', role: 'member', status: 'approved' },
})
const ownerOf = makeCommunity('c1', { name: 'Clube do Livro', ...ownedBy(anaRef) })

const biaPost = communityPost('p-bia', 'c1', biaRef, { text_content: 'Lendo Machado de Assis' })
const anaPost = communityPost('p-ana', 'c1', anaRef, { text_content: 'Meu primeiro post no clube' })

function answers(
  community: Community,
  posts: FeedPost[] | (() => Response | Promise<Response>),
  first?: TestResponder,
): TestResponder {
  const defaults = routes({
    'GET /communities/c1': () => ok(community),
    'GET /feed': audienceFeed('c1', () => (typeof posts === 'function' ? posts() : ok({ items: posts }))),
  })
  return (request) => first?.(request) ?? defaults(request)
}

async function renderCommunity(respond: TestResponder, realtime = new FakeRealtime()) {
  const view = renderApp('/communities/c1', { respond, realtime })
  await screen.findByRole('heading', { level: 1, name: /Clube do Livro/ }, { timeout: 5000 })
  return view
}

const postRequests = (requests: Request[]) => audienceReads(requests, 'c1')

describe('Community posts', () => {
  it('shows placeholders, then the feed\'s cards: like, comments, share and a report menu', async () => {
    let answer: ((response: Response) => void) | undefined
    const { user } = await renderCommunity(
      answers(memberOf, () =>
        new Promise<Response>((resolve) => {
          answer = resolve
        }),
      ),
    )
    expect(await screen.findByRole('status', { name: 'Carregando posts' })).toBeInTheDocument()
    answer?.(json(200, { items: [biaPost] }))
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    expect(within(card).getByText('Lendo Machado de Assis')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /^Curtir,/ })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Compartilhar' })).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: /comentários/ })).toHaveAttribute('href', '/post/p-bia')
    // Not the author and not the owner: report, neither edit nor delete.
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    expect(await screen.findByRole('menuitem', { name: 'Denunciar' })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).not.toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Editar' })).not.toBeInTheDocument()
  })

  it("shows 'Nenhum post ainda' and, on failure, 'Não foi possível carregar os posts da comunidade.'", async () => {
    let fail = false
    const { user } = await renderCommunity(answers(memberOf, () => (fail ? problem(500) : ok({ items: [] }))))
    expect(await screen.findByText('Nenhum post ainda')).toBeInTheDocument()
    fail = true
    await user.click(screen.getByRole('button', { name: 'Atualizar' }))
    expect(await screen.findByText('Não foi possível carregar os posts da comunidade.')).toBeInTheDocument()
  })

  it('posts through the composer to the community, with the 280 counter', async () => {
    let created = false
    const { user, requests } = await renderCommunity(
      answers(
        memberOf,
        () => ok({ items: created ? [anaPost] : [] }),
        routes({
          'POST /posts': () => {
            created = true
            return json(201, anaPost)
          },
        }),
      ),
    )
    await screen.findByText('Nenhum post ainda')
    const box = screen.getByRole('textbox', { name: 'O que está acontecendo?' })
    // The 280 are code points, as the server counts them (not the textarea's UTF-16 maxlength).
    expect(box).not.toHaveAttribute('maxlength')
    await user.type(box, 'Meu primeiro post no clube')
    expect(screen.getByTestId('remaining-characters')).toHaveTextContent(String(280 - 26))
    await user.click(screen.getByRole('button', { name: 'Postar' }))
    await expectToast('Post criado!', undefined, 'success')
    expect(await sent(requests, 'POST', '/posts')[0]?.json()).toEqual({
      text_content: 'Meu primeiro post no clube',
      type: 'text',
      visibility: 'public',
      audience_id: 'c1',
    })
    expect(await screen.findByText('Meu primeiro post no clube', { selector: 'p' })).toBeInTheDocument()
    expect(box).toHaveValue('')
  })

  it('sends a picked image as multipart to /posts/media with the community as audience', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:http://social.test/1')
    URL.revokeObjectURL = vi.fn()
    const { user, requests } = await renderCommunity(
      answers(
        memberOf,
        [],
        routes({
          'POST /posts/media': () =>
            json(201, { ...anaPost, type: 'image', media_url: 'https://cdn.social.test/p.png' }),
        }),
      ),
    )
    await screen.findByText('Nenhum post ainda')
    await user.type(screen.getByRole('textbox', { name: 'O que está acontecendo?' }), 'Capa')
    await user.upload(screen.getByTestId('image-input'), new File(['x'], 'capa.png', { type: 'image/png' }))
    await user.click(screen.getByRole('button', { name: 'Postar' }))
    await expectToast('Post criado!', undefined, 'success')
    const [request] = sent(requests, 'POST', '/posts/media')
    expect(request?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
    const body = (await request?.clone().text()) ?? ''
    expect(body).toMatch(/name="file"; filename="[^"]*"\r\nContent-Type: image\/png/)
    expect(body).toMatch(/name="text_content"\r\n\r\nCapa\r\n/)
    expect(body).toMatch(/name="audience_id"\r\n\r\nc1\r\n/)
    expect(sent(requests, 'POST', '/posts')).toHaveLength(0)
  })

  it('likes at once and reverts with a toast when the call fails', async () => {
    let fail: (() => void) | undefined
    const { user, requests } = await renderCommunity(
      answers(
        memberOf,
        [biaPost],
        routes({
          'PUT /posts/p-bia/like': () =>
            new Promise<Response>((resolve) => {
              fail = () => {
                resolve(problem(500))
              }
            }),
        }),
      ),
    )
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(card).getByRole('button', { name: /^Curtir,/ }))
    expect(within(card).getByRole('button', { name: /^Descurtir,/ })).toHaveAttribute('aria-pressed', 'true')
    expect(within(card).getByTestId('like-count')).toHaveTextContent('1')
    await waitFor(() => {
      expect(fail).toBeDefined()
    })
    expect(sent(requests, 'PUT', '/posts/p-bia/like')).toHaveLength(1)
    fail?.()
    await expectToast('Erro', 'Não foi possível curtir o post.')
    expect(within(card).getByRole('button', { name: /^Curtir,/ })).toHaveAttribute('aria-pressed', 'false')
    expect(within(card).getByTestId('like-count')).toHaveTextContent('0')
  })

  it('keeps the server state after a like succeeds', async () => {
    const { user } = await renderCommunity(
      answers(
        memberOf,
        [biaPost],
        routes({ 'PUT /posts/p-bia/like': () => ok({ like_count: 5, is_liked: true }) }),
      ),
    )
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(card).getByRole('button', { name: /^Curtir,/ }))
    await waitFor(() => {
      expect(within(card).getByTestId('like-count')).toHaveTextContent('5')
    })
  })

  it("lets the owner delete another member's post after confirming", async () => {
    const { user, requests } = await renderCommunity(
      answers(ownerOf, [biaPost], routes({ 'DELETE /posts/p-bia': noContent })),
    )
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Excluir post?' })).getByRole('button', { name: 'Excluir' }))
    await expectToast('Post excluído', 'O post foi excluído da comunidade.', 'success')
    expect(screen.queryByText('Lendo Machado de Assis')).not.toBeInTheDocument()
    expect(sent(requests, 'DELETE', '/posts/p-bia')).toHaveLength(1)
  })

  it('restores the post when the deletion is refused', async () => {
    const { user } = await renderCommunity(
      answers(
        memberOf,
        [anaPost],
        routes({
          'DELETE /posts/p-ana': () =>
            problem(403, { code: 'post_not_author', detail: 'Você não tem permissão para excluir este post.' }),
        }),
      ),
    )
    const card = await screen.findByRole('article', { name: 'Ana Souza' })
    await user.click(within(card).getByRole('button', { name: 'Mais opções' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    await expectToast('Erro ao excluir post', 'Você não tem permissão para excluir este post.')
    expect(await screen.findByText('Meu primeiro post no clube')).toBeInTheDocument()
  })

  it("shows 'Ver novos posts' for another member's post on community:{id}; clicking reads again and clears it", async () => {
    const realtime = new FakeRealtime()
    const { user, requests } = await renderCommunity(answers(memberOf, [biaPost]), realtime)
    await screen.findByText('Lendo Machado de Assis')
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain('community:c1')
    })

    realtime.emit('community:c1', 'community_post.created', { id: 'x1', author_id: anaRef.id })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('button', { name: 'Ver novos posts' })).not.toBeInTheDocument()

    realtime.emit('community:c1', 'community_post.created', { id: 'x2', author_id: biaRef.id })
    const banner = await screen.findByRole('button', { name: 'Ver novos posts' })
    const before = postRequests(requests).length
    await user.click(banner)
    expect(screen.queryByRole('button', { name: 'Ver novos posts' })).not.toBeInTheDocument()
    await waitFor(() => {
      expect(postRequests(requests).length).toBeGreaterThan(before)
    })
  })

  it("follows each card's live likes and deletion on post:{id}, as the feed does", async () => {
    const realtime = new FakeRealtime()
    await renderCommunity(answers(memberOf, [biaPost, anaPost]), realtime)
    const card = await screen.findByRole('article', { name: 'Bia Lima' })
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain(`post:${biaPost.id}`)
    })
    realtime.emit(`post:${biaPost.id}`, 'post.liked', { id: biaPost.id, like_count: 7 })
    await waitFor(() => {
      expect(within(card).getByTestId('like-count')).toHaveTextContent('7')
    })
    realtime.emit(`post:${anaPost.id}`, 'post.deleted', { id: anaPost.id })
    await waitFor(() => {
      expect(screen.queryByText('Meu primeiro post no clube')).not.toBeInTheDocument()
    })
  })

  it('shows non-members the invitation instead of the composer and posts, and never listens', async () => {
    const realtime = new FakeRealtime()
    const { requests } = await renderCommunity(
      answers(makeCommunity('c1', { name: 'Clube do Livro', privacy: 'closed' }), never),
      realtime,
    )
    realtime.open()
    expect(screen.getByText('Junte-se à comunidade')).toBeInTheDocument()
    expect(screen.getByText('Entre na comunidade para ver e compartilhar posts.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'O que está acontecendo?' })).not.toBeInTheDocument()
    expect(screen.queryByText('Posts da Comunidade')).not.toBeInTheDocument()
    expect(postRequests(requests)).toHaveLength(0)
    expect(realtime.subscribedTopics()).not.toContain('community:c1')
  })
})
