import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { testOwnPost } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const createdPost = testOwnPost('0192f000-0000-7000-8000-0000000000e2', {
  text_content: 'Praia',
  media_url: 'https://cdn.social.test/posts/e2.png?sig=1',
  type: 'image',
})

function answers(rest?: TestResponder): TestResponder {
  return (request) => {
    const { pathname } = new URL(request.url)
    if (request.method === 'GET' && pathname === '/api/v1/feed') return json(200, { items: [] })
    return rest?.(request)
  }
}

function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

const MB = 1024 * 1024

async function renderComposer(rest?: TestResponder) {
  const view = renderApp('/', { session: 'signed-in', respond: answers(rest) })
  const box = await screen.findByRole('textbox', { name: 'O que está acontecendo?' }, { timeout: 5000 })
  return { ...view, box }
}

const imageInput = () => screen.getByTestId('image-input')
const videoInput = () => screen.getByTestId('video-input')

describe('Composer media', { timeout: 15_000 }, () => {
  let created: string[]
  let revoked: string[]
  beforeEach(() => {
    created = []
    revoked = []
    let next = 0
    URL.createObjectURL = vi.fn(() => {
      next += 1
      const url = `blob:http://social.test/${String(next)}`
      created.push(url)
      return url
    })
    URL.revokeObjectURL = vi.fn((url: string) => {
      revoked.push(url)
    })
  })

  it('offers image and video buttons whose pickers accept the allowed types', async () => {
    await renderComposer()
    expect(screen.getByRole('button', { name: 'Adicionar imagem' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Adicionar vídeo' })).toBeInTheDocument()
    expect(imageInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp')
    expect(videoInput()).toHaveAttribute('accept', 'video/mp4,video/webm,video/ogg')
  })

  it("previews a picked image, enables 'Postar' without text, and revokes the preview on remove", async () => {
    const { user } = await renderComposer()
    expect(screen.getByRole('button', { name: 'Postar' })).toBeDisabled()
    await user.upload(imageInput(), fileOf('praia.png', 'image/png'))
    const preview = await screen.findByRole('figure', { name: 'Prévia da mídia' })
    expect(within(preview).getByRole('img', { name: 'praia.png' })).toHaveAttribute('src', created[0])
    expect(screen.getByRole('button', { name: 'Postar' })).toBeEnabled()

    await user.click(within(preview).getByRole('button', { name: 'Remover mídia' }))
    expect(screen.queryByRole('figure', { name: 'Prévia da mídia' })).not.toBeInTheDocument()
    expect(revoked).toEqual([created[0]])
    expect(screen.getByRole('button', { name: 'Postar' })).toBeDisabled()
  })

  it('previews a video with controls and revokes its URL on unmount', async () => {
    const { user, unmount } = await renderComposer()
    await user.upload(videoInput(), fileOf('clipe.mp4', 'video/mp4', 20 * MB))
    const preview = await screen.findByRole('figure', { name: 'Prévia da mídia' })
    const video = preview.querySelector('video')
    expect(video).toHaveAttribute('src', created[0])
    expect(video).toHaveAttribute('controls')
    unmount()
    expect(revoked).toEqual([created[0]])
  })

  it("refuses an image over 10 MB with 'Arquivo muito grande'", async () => {
    const { user } = await renderComposer()
    await user.upload(imageInput(), fileOf('grande.jpg', 'image/jpeg', 10 * MB + 1))
    await expectToast('Arquivo muito grande', 'O arquivo deve ter no máximo 10MB.')
    expect(screen.queryByRole('figure', { name: 'Prévia da mídia' })).not.toBeInTheDocument()
    expect(created).toEqual([])
  })

  it("refuses a video over 50 MB with 'O arquivo deve ter no máximo 50MB.'", async () => {
    const { user } = await renderComposer()
    await user.upload(videoInput(), fileOf('longo.webm', 'video/webm', 50 * MB + 1))
    await expectToast('Arquivo muito grande', 'O arquivo deve ter no máximo 50MB.')
  })

  it("refuses another type with 'Tipo de arquivo inválido'", async () => {
    await renderComposer()
    // The picker's accept attribute can be bypassed (drag and drop, "all files").
    fireEvent.change(imageInput(), { target: { files: [fileOf('nota.pdf', 'application/pdf')] } })
    await expectToast('Tipo de arquivo inválido', 'Por favor, selecione um arquivo de imagem ou vídeo válido.')
  })

  it('sends the picked file as multipart to /api/v1/posts/media and resets', async () => {
    const { user, box, requests } = await renderComposer((request) =>
      request.method === 'POST' && new URL(request.url).pathname === '/api/v1/posts/media'
        ? json(201, createdPost)
        : undefined,
    )
    await user.type(box, 'Praia')
    const append = vi.spyOn(FormData.prototype, 'append')
    const picked = fileOf('praia.png', 'image/png')
    await user.upload(imageInput(), picked)
    await user.click(screen.getByRole('button', { name: 'Postar' }))
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.', 'success')
    const sent = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/v1/posts/media'))
    expect(sent?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
    const body = (await sent?.clone().text()) ?? ''
    // jsdom's File loses its name and bytes in the test fetch (undici): the part
    // is checked in the body, the file itself where it is appended.
    expect(body).toMatch(/name="file"; filename="[^"]*"\r\nContent-Type: image\/png/)
    expect(append).toHaveBeenCalledWith('file', picked, 'praia.png')
    expect(body).toMatch(/name="text_content"\r\n\r\nPraia\r\n/)
    expect(body).toMatch(/name="visibility"\r\n\r\npublic\r\n/)
    expect(body).toMatch(/name="type"\r\n\r\nimage\r\n/)
    expect(box).toHaveValue('')
    expect(screen.queryByRole('figure', { name: 'Prévia da mídia' })).not.toBeInTheDocument()
    expect(requests.some((r) => r.url.endsWith('/api/v1/posts') && r.method === 'POST')).toBe(false)
  })

  it("shows the server's title and detail for a media error", async () => {
    const { user } = await renderComposer((request) =>
      request.method === 'POST' && new URL(request.url).pathname === '/api/v1/posts/media'
        ? problem(413, {
            code: 'media_too_large',
            title: 'Arquivo muito grande',
            detail: 'O arquivo deve ter no máximo 10MB.',
          })
        : undefined,
    )
    await user.upload(imageInput(), fileOf('praia.png', 'image/png'))
    await user.click(screen.getByRole('button', { name: 'Postar' }))
    await expectToast('Arquivo muito grande', 'O arquivo deve ter no máximo 10MB.')
    expect(screen.getByRole('figure', { name: 'Prévia da mídia' })).toBeInTheDocument()
  })
})

describe('Composer link preview', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const previewCalls = (requests: Request[]) =>
    requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/link-preview')

  it('asks once, 1 s after typing stops, and shows the card; removing the URL clears it', async () => {
    const { box, requests } = await renderComposer((request) =>
      request.method === 'POST' && new URL(request.url).pathname === '/api/v1/link-preview'
        ? json(200, {
            url: 'https://example.com/artigo',
            title: 'Um artigo',
            description: 'Sobre tudo',
            image: '',
            siteName: 'Exemplo',
          })
        : undefined,
    )
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.change(box, { target: { value: 'Leia https://example.com/artigo' } })
    act(() => {
      vi.advanceTimersByTime(500)
    })
    fireEvent.change(box, { target: { value: 'Leia https://example.com/artigo agora' } })
    act(() => {
      vi.advanceTimersByTime(800)
    })
    // Typing restarted the second: still nothing asked.
    expect(previewCalls(requests)).toHaveLength(0)
    act(() => {
      vi.advanceTimersByTime(400)
    })
    const region = screen.getByRole('region', { name: 'Prévia do link' })
    expect(await within(region).findByRole('link', { name: /Um artigo/ })).toHaveAttribute(
      'href',
      'https://example.com/artigo',
    )
    expect(previewCalls(requests)).toHaveLength(1)
    expect(await previewCalls(requests)[0]?.clone().json()).toEqual({ url: 'https://example.com/artigo' })

    fireEvent.change(box, { target: { value: 'Leia agora' } })
    expect(within(region).queryByRole('link')).not.toBeInTheDocument()
  })

  it("shows 'Erro: {message}' in the preview area when the preview fails", async () => {
    const { box } = await renderComposer((request) =>
      request.method === 'POST' && new URL(request.url).pathname === '/api/v1/link-preview'
        ? problem(422, { code: 'link_preview_failed', detail: 'Não foi possível ler a página.' })
        : undefined,
    )
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.change(box, { target: { value: 'http://example.org/x' } })
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    const region = screen.getByRole('region', { name: 'Prévia do link' })
    await waitFor(() => {
      expect(region).toHaveTextContent('Erro: Não foi possível ler a página.')
    })
  })
})
