import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { testPost } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import type { FeedPost } from '../types'

function fileOf(name: string, type: string): File {
  return new File(['x'], name, { type })
}

function feedOf(posts: FeedPost[], rest?: TestResponder): TestResponder {
  return (request) => {
    const { pathname } = new URL(request.url)
    if (request.method === 'GET' && pathname === '/api/v1/feed') return json(200, { items: posts })
    if (request.method === 'GET' && pathname === '/api/v1/translation/capabilities') {
      return json(200, { available: false, provider: 'none' })
    }
    return rest?.(request)
  }
}

const isUpload = (request: Request) => request.method === 'POST' && new URL(request.url).pathname === '/api/v1/posts/media'

describe('Composer image description', { timeout: 15_000 }, () => {
  it('offers the field for an image only, counts code points, and sends it with the image', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:http://social.test/1')
    URL.revokeObjectURL = vi.fn()
    const created = testPost('0192f000-0000-7000-8000-0000000000e3', { type: 'image', image_alt: 'Gato dormindo 🐱' })
    const { user, requests } = renderApp('/', {
      session: 'signed-in',
      respond: feedOf([], (request) => (isUpload(request) ? json(201, created) : undefined)),
    })
    await screen.findByRole('textbox', { name: 'O que está acontecendo?' }, { timeout: 5000 })
    expect(screen.queryByRole('textbox', { name: 'Descrição da imagem (opcional)' })).not.toBeInTheDocument()

    await user.upload(screen.getByTestId('video-input'), fileOf('clipe.mp4', 'video/mp4'))
    expect(screen.queryByRole('textbox', { name: 'Descrição da imagem (opcional)' })).not.toBeInTheDocument()

    await user.upload(screen.getByTestId('image-input'), fileOf('gato.png', 'image/png'))
    const alt = await screen.findByRole('textbox', { name: 'Descrição da imagem (opcional)' })
    await user.type(alt, 'Gato dormindo 🐱')
    // 15 code points: the emoji is one character, as the server counts.
    expect(screen.getByTestId('image-alt-remaining')).toHaveTextContent('1485')
    expect(screen.getByTestId('image-alt-remaining')).toHaveAccessibleName('1485 caracteres restantes na descrição')

    await user.click(screen.getByRole('button', { name: 'Postar' }))
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.', 'success')
    const sent = requests.find(isUpload)
    const body = (await sent?.clone().text()) ?? ''
    expect(body).toMatch(/name="image_alt"\r\n\r\nGato dormindo 🐱\r\n/)
    expect(screen.queryByRole('textbox', { name: 'Descrição da imagem (opcional)' })).not.toBeInTheDocument()
  })

  it("stops at 1,500 characters and shows the server's message under the field", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:http://social.test/1')
    URL.revokeObjectURL = vi.fn()
    const { user } = renderApp('/', {
      session: 'signed-in',
      respond: feedOf([], (request) =>
        isUpload(request)
          ? problem(422, {
              code: 'image_alt_too_long',
              title: 'Unprocessable Entity',
              detail: 'A descrição da imagem pode ter no máximo 1.500 caracteres.',
              errors: [{ location: 'body.image_alt', message: 'A descrição da imagem pode ter no máximo 1.500 caracteres.' }],
            })
          : undefined,
      ),
    })
    await screen.findByRole('textbox', { name: 'O que está acontecendo?' }, { timeout: 5000 })
    await user.upload(screen.getByTestId('image-input'), fileOf('gato.png', 'image/png'))
    const alt = await screen.findByRole('textbox', { name: 'Descrição da imagem (opcional)' })
    await user.click(alt)
    await user.paste('a'.repeat(1600))
    expect(alt).toHaveValue('a'.repeat(1500))
    expect(screen.getByTestId('image-alt-remaining')).toHaveTextContent(/^0$/)

    await user.click(screen.getByRole('button', { name: 'Postar' }))
    expect(await screen.findByText('A descrição da imagem pode ter no máximo 1.500 caracteres.')).toBeInTheDocument()
    expect(alt).toHaveAttribute('aria-invalid', 'true')
    // Nothing typed is lost.
    expect(alt).toHaveValue('a'.repeat(1500))
  })
})

describe('PostCard image description', { timeout: 15_000 }, () => {
  it("is the image's alt, and the 'ALT' button reveals and hides it", async () => {
    const post = testPost('0192f000-0000-7000-8000-0000000000e4', {
      type: 'image',
      media_url: 'https://cdn.social.test/posts/e4.png?sig=1',
      image_alt: 'Um ipê amarelo florido na calçada',
    })
    const { user } = renderApp('/', { session: 'signed-in', respond: feedOf([post]) })
    const card = await screen.findByRole('article', { name: 'Bia Lima' }, { timeout: 5000 })
    expect(within(card).getByRole('img', { name: 'Um ipê amarelo florido na calçada' })).toHaveAttribute(
      'src',
      post.media_url,
    )
    const button = within(card).getByRole('button', { name: 'Mostrar descrição da imagem (ALT)' })
    expect(button).toHaveTextContent('ALT')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(within(card).queryByRole('note', { name: 'Descrição da imagem' })).not.toBeInTheDocument()

    await user.click(button)
    const note = within(card).getByRole('note', { name: 'Descrição da imagem' })
    expect(note).toHaveTextContent('Um ipê amarelo florido na calçada')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(button).toHaveAccessibleName('Ocultar descrição da imagem (ALT)')
    expect(button.getAttribute('aria-controls')).toBe(note.id)

    await user.click(button)
    expect(within(card).queryByRole('note', { name: 'Descrição da imagem' })).not.toBeInTheDocument()
  })

  it('keeps the generic alt and offers no button without a description', async () => {
    const post = testPost('0192f000-0000-7000-8000-0000000000e5', {
      type: 'image',
      media_url: 'https://cdn.social.test/posts/e5.png?sig=1',
    })
    renderApp('/', { session: 'signed-in', respond: feedOf([post]) })
    const card = await screen.findByRole('article', { name: 'Bia Lima' }, { timeout: 5000 })
    expect(within(card).getByRole('img', { name: 'Imagem publicada por Bia Lima' })).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /ALT/ })).not.toBeInTheDocument()
  })
})
