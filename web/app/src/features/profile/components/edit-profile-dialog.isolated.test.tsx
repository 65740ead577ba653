import { act, fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { cropper, setUpCropperStandIn } from '@/testing/cropper-stand-in'
import { testProfile } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { cropImage } from '../crop-image'

vi.mock('react-easy-crop', () => import('@/testing/cropper-stand-in'))
vi.mock('../crop-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../crop-image')>()),
  cropImage: vi.fn(),
}))

setUpCropperStandIn()
beforeEach(() => {
  // jsdom has no object URLs.
  let next = 0
  URL.createObjectURL = vi.fn(() => `blob:test-${String(++next)}`)
  URL.revokeObjectURL = vi.fn()
})

const patch: (response: (body: unknown) => Response) => TestResponder = (response) => (request) => {
  if (request.method !== 'PATCH' || !request.url.endsWith('/api/v1/profiles/me')) return undefined
  return request
    .clone()
    .json()
    .then((body: unknown) => response(body))
}

async function openEditor(respond?: TestResponder) {
  const view = renderApp('/profile', { session: 'signed-in', respond })
  // Enabled once the lazily loaded dialog has replaced its placeholder.
  const edit = await vi.waitFor(
    () => {
      const button = screen.getByRole('button', { name: 'Edit Profile' })
      expect(button).toBeEnabled()
      return button
    },
    { timeout: 5000 },
  )
  await view.user.click(edit)
  const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' })
  return { ...view, dialog }
}

const patches = (requests: Request[]) => requests.filter((r) => r.method === 'PATCH')

describe('EditProfileDialog', () => {
  it('lays out every field with the current values; the handle is not editable', async () => {
    const { dialog } = await openEditor()
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Ana Souza')
    expect(within(dialog).getByLabelText('Bio')).toHaveValue('Fotógrafa e ciclista.')
    expect(within(dialog).getByLabelText('Localização')).toHaveValue('Recife, PE')
    expect(within(dialog).getByLabelText('Website')).toHaveValue('https://ana.example.com')
    expect(within(dialog).getByRole('button', { name: 'Alterar' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Adicionar Banner' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Salvar Alterações' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Nome de usuário')).not.toBeInTheDocument()
    expect(within(dialog).queryByDisplayValue('ana')).not.toBeInTheDocument()
  })

  it("offers 'Alterar Banner' when there is a banner", async () => {
    const { dialog } = await openEditor((request) =>
      request.url.endsWith('/api/v1/profiles/me') && request.method === 'GET'
        ? json(200, { ...testProfile, banner_url: 'https://media.test/b.jpg' })
        : undefined,
    )
    expect(within(dialog).getByRole('button', { name: 'Alterar Banner' })).toBeInTheDocument()
  })

  it('counts the bio as n/500', async () => {
    const { dialog, user } = await openEditor()
    const bio = within(dialog).getByLabelText('Bio')
    expect(bio).toHaveAccessibleDescription('21/500')
    await user.clear(bio)
    await user.type(bio, 'Olá')
    expect(bio).toHaveAccessibleDescription('3/500')
    expect(bio).toHaveAttribute('maxlength', '500')
  })

  it("sends only the changed fields ('' clears), toasts 'Perfil atualizado', shows the new profile", async () => {
    const { dialog, user, requests } = await openEditor(
      patch((body) => json(200, { ...testProfile, ...(body as object), location: null, display_name: 'Ana S.' })),
    )
    await user.clear(within(dialog).getByLabelText('Nome'))
    await user.type(within(dialog).getByLabelText('Nome'), 'Ana S.')
    await user.clear(within(dialog).getByLabelText('Localização'))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }))

    await expectToast('Perfil atualizado', undefined, 'success')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await patches(requests)[0]?.json()).toEqual({ display_name: 'Ana S.', location: '' })
    expect(screen.getByRole('heading', { level: 1, name: 'Ana S.' })).toBeInTheDocument()
    expect(screen.queryByText('Recife, PE')).not.toBeInTheDocument()
    // The side bar follows the new name.
    const sideBar = screen.getByRole('navigation', { name: 'Menu principal' }).closest('aside')
    expect(within(sideBar ?? document.body).getByText('Ana S.')).toBeInTheDocument()
  })

  it('checks the rules before sending', async () => {
    const { dialog, user, requests } = await openEditor()
    await user.clear(within(dialog).getByLabelText('Website'))
    await user.type(within(dialog).getByLabelText('Website'), 'javascript:alert(1)')
    await user.clear(within(dialog).getByLabelText('Nome'))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }))
    expect(within(dialog).getByLabelText('Website')).toHaveAccessibleDescription('URL inválida ou não permitida')
    expect(within(dialog).getByLabelText('Nome')).toHaveAccessibleDescription('Nome não pode estar vazio após limpeza')
    expect(patches(requests)).toHaveLength(0)
  })

  it("puts the server's field errors under the fields, with 'Não foi possível atualizar o perfil.'", async () => {
    const { dialog, user } = await openEditor(
      patch(() =>
        problem(422, {
          code: 'invalid_input',
          detail: 'Por favor, corrija os erros antes de continuar.',
          errors: [
            { location: 'body.website_url', message: 'URL inválida ou não permitida' },
            { location: 'body.bio', message: 'Bio deve ter no máximo 500 caracteres' },
          ],
        }),
      ),
    )
    await user.clear(within(dialog).getByLabelText('Website'))
    await user.type(within(dialog).getByLabelText('Website'), 'https://intranet.example')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }))

    await expectToast('Erro', 'Não foi possível atualizar o perfil.')
    expect(within(dialog).getByLabelText('Website')).toHaveAccessibleDescription('URL inválida ou não permitida')
    expect(within(dialog).getByLabelText('Bio')).toHaveAccessibleDescription(
      '21/500 Bio deve ter no máximo 500 caracteres',
    )
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument()
  })

  it("maps 429 to 'Muitas tentativas' with 'Aguarde 1 minuto…'", async () => {
    const { dialog, user } = await openEditor(
      patch(() =>
        problem(429, {
          code: 'rate_limited',
          title: 'Muitas tentativas',
          detail: 'Aguarde 1 minuto antes de tentar novamente.',
        }),
      ),
    )
    await user.type(within(dialog).getByLabelText('Bio'), '!')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }))
    await expectToast('Muitas tentativas', 'Aguarde 1 minuto antes de tentar novamente.')
  })

  it("'Cancelar' closes without sending", async () => {
    const { dialog, user, requests } = await openEditor()
    await user.type(within(dialog).getByLabelText('Bio'), '!')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(patches(requests)).toHaveLength(0)
  })

  it.each([
    ['anim.gif', 'image/gif', 3, 'Tipo de arquivo não permitido. Use JPEG, PNG ou WebP.'],
    ['grande.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1, 'Arquivo muito grande. Máximo 5MB.'],
    ['foto..jpg', 'image/jpeg', 3, 'Nome de arquivo inválido.'],
  ])('refuses %s (%s, %i bytes) before cropping', async (name, type, size, message) => {
    const { dialog } = await openEditor()
    // fireEvent, not user.upload: the picker's accept filter would drop the GIF before the check.
    fireEvent.change(within(dialog).getByLabelText('Alterar'), {
      target: { files: [new File([new Uint8Array(size)], name, { type })] },
    })
    await expectToast('Erro', message)
    expect(screen.queryByRole('dialog', { name: 'Ajustar Foto de Perfil' })).not.toBeInTheDocument()
  })

  it('crops a picked avatar and uploads it as multipart "file" on save', async () => {
    const cropped = new File(['jpeg'], 'cropped-1764000000000.jpg', { type: 'image/jpeg' })
    vi.mocked(cropImage).mockResolvedValue(cropped)
    const upload: TestResponder = (request) =>
      request.method === 'PUT' && request.url.endsWith('/api/v1/profiles/me/avatar')
        ? json(200, { ...testProfile, avatar_url: 'https://media.test/avatar.jpg' })
        : undefined
    const { dialog, user, requests } = await openEditor(upload)

    await user.upload(
      within(dialog).getByLabelText('Alterar'),
      new File(['png'], 'eu.png', { type: 'image/png' }),
    )
    const crop = await screen.findByRole('dialog', { name: 'Ajustar Foto de Perfil' })
    await within(crop).findByTestId('cropper')
    act(() => {
      cropper.props?.onCropComplete?.({ x: 0, y: 0, width: 90, height: 90 }, { x: 0, y: 0, width: 800, height: 800 })
    })
    await user.click(within(crop).getByRole('button', { name: 'Confirmar' }))
    expect(screen.queryByRole('dialog', { name: 'Ajustar Foto de Perfil' })).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }))
    await expectToast('Perfil atualizado', undefined, 'success')
    const put = requests.find((r) => r.method === 'PUT')
    expect(new URL(put?.url ?? '').pathname).toBe('/api/v1/profiles/me/avatar')
    expect(put?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
    expect(await put?.text()).toContain('Content-Disposition: form-data; name="file"')
    // Nothing else changed: no PATCH.
    expect(patches(requests)).toHaveLength(0)
  })

  it("reads the server's reason when an image is refused", async () => {
    vi.mocked(cropImage).mockResolvedValue(new File(['jpeg'], 'cropped-1.jpg', { type: 'image/jpeg' }))
    const { dialog, user } = await openEditor((request) =>
      request.method === 'PUT'
        ? problem(413, { code: 'file_too_large', title: 'Erro', detail: 'Arquivo muito grande. Máximo 5MB.' })
        : undefined,
    )
    await user.upload(
      within(dialog).getByLabelText('Adicionar Banner'),
      new File(['png'], 'b.png', { type: 'image/png' }),
    )
    const crop = await screen.findByRole('dialog', { name: 'Ajustar Banner' })
    await within(crop).findByTestId('cropper')
    act(() => {
      cropper.props?.onCropComplete?.({ x: 0, y: 0, width: 90, height: 30 }, { x: 0, y: 0, width: 900, height: 300 })
    })
    await user.click(within(crop).getByRole('button', { name: 'Confirmar' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }))
    await expectToast('Erro', 'Arquivo muito grande. Máximo 5MB.')
  })
})
