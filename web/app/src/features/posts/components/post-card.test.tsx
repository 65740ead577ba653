import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { testPost as makePost } from '@/testing/fixtures'
import { renderSignedInUntil } from '@/testing/render-app'
import { json, problem, routes, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import type { FeedPost } from '../types'


const post = makePost('0192f000-0000-7000-8000-0000000000b1')

const isTranslate = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname === `/api/v1/posts/${post.id}/translation`

/** The feed holds `posts`, translation is `available`, `translate` answers the translation calls. */
function answers(
  posts: FeedPost[],
  translate?: (request: Request) => Response | Promise<Response>,
  available = true,
): TestResponder {
  return routes({
    'GET /feed': () => json(200, { items: posts }),
    'GET /translation/capabilities': () => json(200, { available, provider: available ? 'deepl' : 'none' }),
    ...(translate ? { [`POST /posts/${post.id}/translation`]: translate } : {}),
  })
}

async function renderCard(respond: TestResponder) {
  const { found, ...view } = await renderSignedInUntil('/', respond, 'article', 'Bia Lima')
  return { ...view, card: found }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('PostCard translation', () => {
  it("offers no 'Traduzir' when translation is unavailable", async () => {
    const { card, requests } = await renderCard(answers([post], undefined, false))
    await waitFor(() => {
      expect(requests.some((r) => new URL(r.url).pathname === '/api/v1/translation/capabilities')).toBe(true)
    })
    expect(within(card).queryByRole('button', { name: 'Traduzir' })).not.toBeInTheDocument()
  })

  it("offers no 'Traduzir' for a post without text", async () => {
    const { card } = await renderCard(answers([makePost(post.id, { text_content: null })]))
    await screen.findByRole('article', { name: 'Bia Lima' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(within(card).queryByRole('button', { name: 'Traduzir' })).not.toBeInTheDocument()
  })

  it("translates into the browser's language, toggles back and reuses the cached translation", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    let finish: (() => void) | undefined
    const { card, user, requests } = await renderCard(
      answers(
        [post],
        () =>
          new Promise<Response>((resolve) => {
            finish = () => {
              resolve(json(200, { translated_text: 'Hello from Recife', target_language: 'en', cached: false }))
            }
          }),
      ),
    )
    await user.click(await within(card).findByRole('button', { name: 'Traduzir' }))
    expect(await within(card).findByRole('button', { name: 'Traduzindo...' })).toBeDisabled()
    finish?.()

    expect(await within(card).findByText('Hello from Recife')).toBeInTheDocument()
    expect(within(card).queryByText('Olá do Recife')).not.toBeInTheDocument()
    const translations = requests.filter(isTranslate)
    expect(translations).toHaveLength(1)
    expect(await translations[0]?.clone().json()).toEqual({ target_language: 'en' })

    await user.click(within(card).getByRole('button', { name: 'Original' }))
    expect(within(card).getByText('Olá do Recife')).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Traduzir' }))
    expect(await within(card).findByText('Hello from Recife')).toBeInTheDocument()
    expect(requests.filter(isTranslate)).toHaveLength(1)
  })

  it.each([
    [
      'rate limit',
      () => problem(429, { code: 'translation_rate_limited', title: 'Limite excedido', detail: 'x' }),
      'Limite excedido',
      'Muitas traduções. Tente novamente em alguns instantes.',
    ],
    [
      'payment required',
      () =>
        problem(402, {
          code: 'translation_payment_required',
          title: 'Créditos necessários',
          detail: 'Adicione créditos ao provedor.',
        }),
      'Créditos necessários',
      'Adicione créditos ao provedor.',
    ],
    ['other failure', () => problem(502, { code: 'translation_failed' }), 'Erro na tradução', 'Não foi possível traduzir o post.'],
  ])('toasts the %s and shows no translation', async (_name, answer, title, description) => {
    const { card, user } = await renderCard(answers([post], answer))
    await user.click(await within(card).findByRole('button', { name: 'Traduzir' }))
    await expectToast(title, description)
    expect(within(card).getByText('Olá do Recife')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Traduzir' })).toBeEnabled()
  })
})

describe('PostCard like button', () => {
  // WCAG 2.5.3: the count the button shows is part of its name, so a voice
  // user who says what they see reaches it.
  it('is named with the count it shows, and keeps it once liked', async () => {
    const { card, user } = await renderCard(
      routes({
        'GET /feed': () => json(200, { items: [makePost(post.id, { like_count: 12, is_liked: false })] }),
        'GET /translation/capabilities': () => json(200, { available: false, provider: 'none' }),
        [`PUT /posts/${post.id}/like`]: () => json(200, { is_liked: true, like_count: 13 }),
      }),
    )
    const like = within(card).getByRole('button', { name: 'Curtir, 12 curtidas' })
    expect(like).toHaveTextContent('12')
    expect(like).toHaveAttribute('aria-pressed', 'false')
    await user.click(like)
    const unlike = await within(card).findByRole('button', { name: 'Descurtir, 13 curtidas' })
    expect(unlike).toHaveTextContent('13')
    expect(unlike).toHaveAttribute('aria-pressed', 'true')
  })

  it("names a single like in the singular: 'Curtir, 1 curtida'", async () => {
    const { card } = await renderCard(answers([makePost(post.id, { like_count: 1 })], undefined, false))
    expect(within(card).getByRole('button', { name: 'Curtir, 1 curtida' })).toHaveTextContent('1')
  })
})
