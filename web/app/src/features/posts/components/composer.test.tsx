import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { testOwnPost } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const createdPost = testOwnPost('0192f000-0000-7000-8000-0000000000e1', { text_content: 'Bom dia!' })

function answers(create: () => Response | Promise<Response>): TestResponder {
  return (request) => {
    const { pathname } = new URL(request.url)
    if (request.method === 'GET' && pathname === '/api/v1/feed') return json(200, { items: [] })
    if (request.method === 'POST' && pathname === '/api/v1/posts') return create()
    return undefined
  }
}

async function renderComposer(create: () => Response | Promise<Response> = () => json(201, createdPost)) {
  const view = renderApp('/', { session: 'signed-in', respond: answers(create) })
  const box = await screen.findByRole('textbox', { name: 'O que está acontecendo?' }, { timeout: 5000 })
  return { ...view, box }
}

const counter = () => screen.getByLabelText(/caracteres restantes$/)

describe('Composer', () => {
  it('counts down from 280 and turns red when fewer than 30 remain', async () => {
    const { user, box } = await renderComposer()
    expect(counter()).toHaveTextContent('280')
    await user.click(box)
    await user.paste('a'.repeat(250))
    expect(counter()).toHaveTextContent('30')
    expect(counter()).not.toHaveClass('text-red-500')
    await user.type(box, 'b')
    expect(counter()).toHaveTextContent('29')
    expect(counter()).toHaveClass('text-red-500')
    expect(counter()).toHaveAccessibleName('29 caracteres restantes')
  })

  it('counts code points as the server does: 280 emoji fit, the 281st is cut', async () => {
    const { user, box } = await renderComposer()
    await user.click(box)
    await user.paste('😀'.repeat(281))
    expect(counter()).toHaveTextContent('0')
    expect(box).toHaveValue('😀'.repeat(280))
    expect(screen.getByRole('button', { name: 'Postar' })).toBeEnabled()
  })

  it("disables 'Postar' without non-blank text", async () => {
    const { user, box } = await renderComposer()
    expect(screen.getByRole('button', { name: 'Postar' })).toBeDisabled()
    await user.type(box, '   ')
    expect(screen.getByRole('button', { name: 'Postar' })).toBeDisabled()
    await user.type(box, 'oi')
    expect(screen.getByRole('button', { name: 'Postar' })).toBeEnabled()
  })

  it("keeps focus in the emptied field after publishing, not on the disabled 'Postar'", async () => {
    const { user, box } = await renderComposer()
    await user.type(box, 'Bom dia!')
    await user.click(screen.getByRole('button', { name: 'Postar' }))
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.', 'success')
    expect(box).toHaveValue('')
    expect(box).toHaveFocus()
  })

  it("posts, shows 'Postando...', then toasts, resets and refetches the feed", async () => {
    let answer: (() => void) | undefined
    const { user, box, requests } = await renderComposer(
      () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            resolve(json(201, createdPost))
          }
        }),
    )
    await user.type(box, 'Bom dia!')
    await user.click(screen.getByRole('button', { name: 'Postar' }))
    expect(await screen.findByRole('button', { name: 'Postando...' })).toBeDisabled()
    const post = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/v1/posts'))
    expect(await post?.clone().json()).toEqual({ text_content: 'Bom dia!', type: 'text', visibility: 'public' })
    const feedCalls = () => requests.filter((r) => r.method === 'GET' && r.url.includes('/api/v1/feed')).length
    const before = feedCalls()

    answer?.()
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.', 'success')
    expect(box).toHaveValue('')
    expect(counter()).toHaveTextContent('280')
    await waitFor(() => {
      expect(feedCalls()).toBeGreaterThan(before)
    })
  })

  it('is cleared and free again once the post is stored, while the feed is still reloading', async () => {
    let feedCalls = 0
    const view = renderApp('/', {
      session: 'signed-in',
      respond: (request) => {
        const { pathname } = new URL(request.url)
        if (request.method === 'GET' && pathname === '/api/v1/feed') {
          feedCalls += 1
          // The reload after the post never answers (a slow or unavailable server).
          return feedCalls === 1 ? json(200, { items: [] }) : new Promise<Response>(() => {})
        }
        if (request.method === 'POST' && pathname === '/api/v1/posts') return json(201, createdPost)
        return undefined
      },
    })
    const box = await screen.findByRole('textbox', { name: 'O que está acontecendo?' }, { timeout: 5000 })
    await view.user.type(box, 'Bom dia!')
    await view.user.click(screen.getByRole('button', { name: 'Postar' }))
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.', 'success')
    expect(box).toHaveValue('')
    await view.user.type(box, 'De novo')
    expect(screen.getByRole('button', { name: 'Postar' })).toBeEnabled()
    expect(feedCalls).toBeGreaterThan(1)
  })

  it("shows the server's 422 message under the text box", async () => {
    const { user, box } = await renderComposer(() =>
      problem(422, {
        code: 'validation_failed',
        detail: 'Dados inválidos',
        errors: [{ location: 'body.text_content', message: 'Por favor, adicione algum conteúdo ao post.' }],
      }),
    )
    await user.type(box, 'x')
    await user.click(screen.getByRole('button', { name: 'Postar' }))
    // Announced as it appears (the page has other alerts, such as a panel beside the feed that failed to load).
    expect(await screen.findByText('Por favor, adicione algum conteúdo ao post.')).toHaveAttribute('role', 'alert')
    expect(box).toHaveValue('x')
  })

  it.each([
    ['a server error', () => problem(500, { detail: 'Falhou' })],
    [
      'the database away (503)',
      () => problem(503, { code: 'database_unavailable', detail: 'Serviço temporariamente indisponível. Tente novamente em instantes.' }, { 'Retry-After': '5' }),
    ],
  ])("toasts 'Não foi possível criar o post. Tente novamente.' on %s and keeps the text", async (_, answer) => {
    const { user, box } = await renderComposer(answer)
    await user.type(box, 'x')
    await user.click(screen.getByRole('button', { name: 'Postar' }))
    await expectToast('Erro', 'Não foi possível criar o post. Tente novamente.')
    expect(box).toHaveValue('x')
  })
})
