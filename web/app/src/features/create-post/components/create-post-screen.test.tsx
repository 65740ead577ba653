import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const createdPost = {
  id: '0192f000-0000-7000-8000-0000000000e3',
  author_id: '0192f000-0000-7000-8000-000000000001',
  author: { id: '0192f000-0000-7000-8000-000000000001', handle: 'ana', display_name: 'Ana Souza', avatar_url: null },
  text_content: 'Olá',
  media_url: null,
  type: 'text',
  visibility: 'friends_only',
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:00:00Z',
  like_count: 0,
  comment_count: 0,
  share_count: 0,
  is_liked: false,
  mentions: [],
  hashtags: [],
  link_preview_url: null,
  link_preview_title: null,
  link_preview_description: null,
  link_preview_image_url: null,
  link_preview_site_name: null,
}

const MB = 1024 * 1024

function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

function answers(rest?: TestResponder): TestResponder {
  return (request) => {
    const { pathname } = new URL(request.url)
    if (request.method === 'GET' && pathname === '/api/v1/feed') return json(200, { items: [] })
    return rest?.(request)
  }
}

async function renderScreen(rest?: TestResponder, entries = ['/create-post']) {
  const view = renderApp(entries[0] ?? '/create-post', { session: 'signed-in', respond: answers(rest) })
  await screen.findByRole('heading', { level: 1, name: 'Criar post' }, { timeout: 5000 })
  return view
}

const content = () => screen.getByRole('textbox', { name: 'Conteúdo' })
const typeSelect = () => screen.getByRole('combobox', { name: 'Tipo de post' })
const visibilitySelect = () => screen.getByRole('combobox', { name: 'Visibilidade' })
const publish = () => screen.getByRole('button', { name: /^Publica/ })

describe('CreatePostScreen', { timeout: 15_000 }, () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:http://social.test/1')
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('offers the type and visibility selects with their options', async () => {
    await renderScreen()
    expect(within(typeSelect()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Texto', 'Imagem', 'Vídeo'])
    expect(within(visibilitySelect()).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Público',
      'Apenas seguidores',
    ])
    expect(typeSelect()).toHaveValue('text')
    expect(visibilitySelect()).toHaveValue('public')
    expect(screen.queryByRole('button', { name: 'Escolher imagem' })).not.toBeInTheDocument()
  })

  it("keeps 'Publicar' disabled without text or file and counts down, red above 250", async () => {
    const { user } = await renderScreen()
    expect(publish()).toBeDisabled()
    await user.type(content(), '   ')
    expect(publish()).toBeDisabled()
    const counter = screen.getByLabelText(/caracteres restantes$/)
    await user.clear(content())
    await user.click(content())
    await user.paste('a'.repeat(250))
    expect(counter).toHaveTextContent('30')
    expect(counter).not.toHaveClass('text-red-500')
    await user.type(content(), 'b')
    expect(counter).toHaveTextContent('29')
    expect(counter).toHaveClass('text-red-500')
    expect(publish()).toBeEnabled()
  })

  it("publishes text with the chosen visibility, shows 'Publicando...', toasts and goes to /", async () => {
    let answer: (() => void) | undefined
    const { user, requests, router } = await renderScreen((request) =>
      request.method === 'POST' && new URL(request.url).pathname === '/api/v1/posts'
        ? new Promise<Response>((resolve) => {
            answer = () => {
              resolve(json(201, createdPost))
            }
          })
        : undefined,
    )
    await user.type(content(), 'Olá')
    await user.selectOptions(visibilitySelect(), 'Apenas seguidores')
    await user.click(publish())
    expect(await screen.findByRole('button', { name: 'Publicando...' })).toBeDisabled()
    const sent = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/v1/posts'))
    expect(await sent?.clone().json()).toEqual({ text_content: 'Olá', type: 'text', visibility: 'friends_only' })
    await waitFor(() => {
      expect(answer).toBeDefined()
    })
    answer?.()
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.', 'success')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
  })

  it('publishes an image as multipart with the type, after showing its name and size in MB', async () => {
    const { user, requests } = await renderScreen((request) =>
      request.method === 'POST' && new URL(request.url).pathname === '/api/v1/posts/media'
        ? json(201, { ...createdPost, type: 'image' })
        : undefined,
    )
    await user.selectOptions(typeSelect(), 'Imagem')
    const input = screen.getByTestId('image-input')
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp')
    expect(screen.getByRole('button', { name: 'Escolher imagem' })).toBeInTheDocument()
    await user.upload(input, fileOf('foto.webp', 'image/webp', 2.35 * MB))
    const preview = await screen.findByRole('figure', { name: 'Prévia da mídia' })
    expect(preview).toHaveTextContent('foto.webp')
    expect(preview).toHaveTextContent('2,35 MB')
    expect(publish()).toBeEnabled()

    await user.click(publish())
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.', 'success')
    const sent = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/v1/posts/media'))
    const body = (await sent?.clone().text()) ?? ''
    expect(body).toMatch(/name="type"\r\n\r\nimage\r\n/)
    expect(body).toMatch(/name="visibility"\r\n\r\npublic\r\n/)
    expect(body).toMatch(/name="file"/)
    expect(body).not.toMatch(/name="text_content"/)
  })

  it('refuses a video where an image is expected, and a too large video', async () => {
    const { user } = await renderScreen()
    await user.selectOptions(typeSelect(), 'Imagem')
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: [fileOf('a.mp4', 'video/mp4')] } })
    await expectToast('Tipo de arquivo inválido', 'Por favor, selecione um arquivo de imagem ou vídeo válido.')
    await user.selectOptions(typeSelect(), 'Vídeo')
    await user.upload(screen.getByTestId('video-input'), fileOf('b.mp4', 'video/mp4', 51 * MB))
    await expectToast('Arquivo muito grande', 'O arquivo deve ter no máximo 50MB.')
    expect(screen.queryByRole('figure', { name: 'Prévia da mídia' })).not.toBeInTheDocument()
    expect(publish()).toBeDisabled()
  })

  it("toasts 'Erro' / 'Não foi possível criar o post. Tente novamente.' on failure and stays", async () => {
    const { user, router } = await renderScreen((request) =>
      request.method === 'POST' && request.url.endsWith('/api/v1/posts') ? problem(500, { detail: 'Falhou' }) : undefined,
    )
    await user.type(content(), 'Olá')
    await user.click(publish())
    await expectToast('Erro', 'Não foi possível criar o post. Tente novamente.')
    expect(router.state.location.pathname).toBe('/create-post')
    expect(content()).toHaveValue('Olá')
  })

  it("shows the server's title and detail for a refused file type", async () => {
    const { user } = await renderScreen((request) =>
      request.method === 'POST' && request.url.endsWith('/api/v1/posts/media')
        ? problem(422, {
            code: 'media_type_invalid',
            title: 'Tipo de arquivo inválido',
            detail: 'Por favor, selecione um arquivo de imagem ou vídeo válido.',
          })
        : undefined,
    )
    await user.selectOptions(typeSelect(), 'Vídeo')
    await user.upload(screen.getByTestId('video-input'), fileOf('c.webm', 'video/webm'))
    await user.click(publish())
    await expectToast('Tipo de arquivo inválido', 'Por favor, selecione um arquivo de imagem ou vídeo válido.')
  })

  it("'Cancelar' and the back button return to the previous page", async () => {
    const { user, router } = await renderScreen()
    await act(() => router.navigate('/search'))
    await act(() => router.navigate('/create-post'))
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search')
    })
    await act(() => router.navigate('/create-post'))
    await user.click(await screen.findByRole('button', { name: 'Voltar' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search')
    })
  })

  it('previews the first link of the content after a second', async () => {
    const { requests } = await renderScreen((request) =>
      request.method === 'POST' && new URL(request.url).pathname === '/api/v1/link-preview'
        ? json(200, { url: 'https://example.com/', title: 'Exemplo', description: '', image: '', siteName: '' })
        : undefined,
    )
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.change(content(), { target: { value: 'veja https://example.com/' } })
    act(() => {
      vi.advanceTimersByTime(900)
    })
    expect(requests.some((r) => r.url.endsWith('/api/v1/link-preview'))).toBe(false)
    act(() => {
      vi.advanceTimersByTime(200)
    })
    const region = screen.getByRole('region', { name: 'Prévia do link' })
    expect(await within(region).findByRole('link', { name: /Exemplo/ })).toBeInTheDocument()
  })
})
