import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { archiveName, nextRead, type DataExportState } from '../api/data-rights'

const exportPath = '/api/v1/account/data-export'
const deletePath = '/api/v1/account/delete'
const archivePath = '/api/v1/account/data-export/archive'

const none = { export: null, download_url: null, download_expires_at: null, next_at: null }
const base = {
  id: '0192f000-0000-7000-8000-0000000e0001',
  step: null,
  progress: 0,
  size_bytes: null,
  requested_at: '2026-11-20T10:00:00Z',
  finished_at: null,
  expires_at: null,
}
const building = { ...none, export: { ...base, status: 'building', step: 'messages', progress: 62 } }
const ready = {
  export: {
    ...base,
    status: 'ready',
    progress: 100,
    size_bytes: 3_250_000,
    finished_at: '2026-11-20T10:01:00Z',
    expires_at: '2026-11-27T10:01:00Z',
  },
  download_url: 'http://social.test/api/v1/account/data-export/archive',
  download_expires_at: '2026-11-27T10:01:00Z',
  next_at: '2099-11-21T10:00:00Z',
}

async function renderData(respond: TestResponder) {
  const view = renderApp('/settings', { session: 'signed-in', respond })
  const region = await screen.findByRole('region', { name: 'Seus dados' }, { timeout: 5000 })
  return { ...view, region }
}

describe('Seus dados', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('asks for the data, follows the progress, then downloads it with the session', async () => {
    let answers = [none, building, ready]
    const saved: { name: string; href: string }[] = []
    URL.createObjectURL = vi.fn(() => 'blob:archive')
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href })
    })
    const { user, region, requests } = await renderData((request) => {
      const { pathname } = new URL(request.url)
      if (pathname === archivePath) {
        return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="dados-social-2026-11-20.zip"',
            'Cache-Control': 'no-store',
          },
        })
      }
      if (pathname !== exportPath) return undefined
      if (request.method === 'POST') {
        answers = [building, ready]
        return json(202, { ...none, export: { ...base, status: 'queued' } })
      }
      const next = answers[0]
      if (answers.length > 1) answers = answers.slice(1)
      return json(200, next)
    })
    await user.click(await within(region).findByRole('button', { name: 'Pedir meus dados' }))
    await expectToast('Pedido recebido', 'Avisaremos aqui e por email quando o arquivo estiver pronto.', 'success')
    const bar = await within(region).findByRole('progressbar', { name: 'Preparo do arquivo de dados' })
    expect(bar).toBeInTheDocument()
    const button = await within(region).findByRole(
      'button',
      { name: 'Baixar arquivo de dados (3,1 MB)' },
      { timeout: 8000 },
    )
    expect(within(region).queryByRole('link', { name: /Baixar/ })).not.toBeInTheDocument()
    expect(within(region).getByText(/Disponível até 27 de novembro de 2026/)).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Pedir um novo arquivo' })).toBeDisabled()
    expect(requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === exportPath)).toHaveLength(1)

    await user.click(button)
    await waitFor(() => {
      expect(saved).toEqual([{ name: 'dados-social-2026-11-20.zip', href: 'blob:archive' }])
    })
    const fetched = requests.filter((r) => new URL(r.url).pathname === archivePath)
    expect(fetched).toHaveLength(1)
    expect(fetched[0]?.headers.get('Authorization')).toMatch(/^Bearer /)
  })

  it('says when the archive cannot be downloaded', async () => {
    const { user, region } = await renderData((request) => {
      const { pathname } = new URL(request.url)
      if (pathname === archivePath) {
        return problem(404, {
          code: 'export_not_found',
          title: 'Erro',
          detail: 'Não há arquivo de dados pronto para baixar. Peça um novo em Configurações.',
        })
      }
      return pathname === exportPath ? json(200, ready) : undefined
    })
    await user.click(await within(region).findByRole('button', { name: 'Baixar arquivo de dados (3,1 MB)' }))
    await expectToast(
      'Não foi possível baixar o arquivo.',
      'Não há arquivo de dados pronto para baixar. Peça um novo em Configurações.',
    )
  })

  it('shows the step being prepared with its percentage', async () => {
    const { region } = await renderData((request) =>
      new URL(request.url).pathname === exportPath ? json(200, building) : undefined,
    )
    expect(await within(region).findByText('Preparando suas mensagens...')).toBeInTheDocument()
    expect(within(region).getByText('62%')).toBeInTheDocument()
    expect(within(region).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '62')
    expect(within(region).queryByRole('button', { name: /Pedir/ })).not.toBeInTheDocument()
  })

  it("says the server's refusal when asking too soon", async () => {
    const { user, region } = await renderData((request) => {
      if (new URL(request.url).pathname !== exportPath) return undefined
      if (request.method === 'POST') {
        return problem(409, {
          code: 'export_in_progress',
          title: 'Erro',
          detail: 'Já estamos preparando um arquivo com seus dados. Aguarde ele ficar pronto.',
        })
      }
      return json(200, none)
    })
    await user.click(await within(region).findByRole('button', { name: 'Pedir meus dados' }))
    await expectToast(
      'Não foi possível pedir seus dados.',
      'Já estamos preparando um arquivo com seus dados. Aguarde ele ficar pronto.',
    )
  })

  it('offers a retry when the export cannot be read', async () => {
    let fail = true
    const { user, region } = await renderData((request) => {
      if (new URL(request.url).pathname !== exportPath) return undefined
      return fail ? problem(500, { code: 'internal', title: 'Erro', detail: 'x' }) : json(200, none)
    })
    const alert = await within(region).findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('Não foi possível ver o andamento do seu arquivo de dados.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await within(region).findByRole('button', { name: 'Pedir meus dados' })).toBeEnabled()
  })

  it("clears the demo data once the feed is full of it: 'Dados de demonstração removidos.', or the failure", async () => {
    let clears = 0
    let fail = false
    const { user, region } = await renderData((request) => {
      const { pathname } = new URL(request.url)
      if (pathname === exportPath) return json(200, none)
      if (request.method === 'DELETE' && pathname === '/api/v1/demo-data') {
        clears++
        return fail ? problem(500, { code: 'internal', title: 'Erro', detail: 'x' }) : json(200, { posts: 3, message: 'Dados de demonstração removidos.' })
      }
      return undefined
    })
    expect(within(region).getByRole('heading', { name: 'Dados de demonstração' })).toBeInTheDocument()
    await user.click(within(region).getByRole('button', { name: 'Limpar dados de demonstração' }))
    await expectToast('Dados de demonstração removidos.', undefined, 'success')
    expect(clears).toBe(1)
    fail = true
    await user.click(within(region).getByRole('button', { name: 'Limpar dados de demonstração' }))
    await expectToast('Erro', 'Não foi possível limpar os dados de demonstração.')
    expect(clears).toBe(2)
  })

  it('refuses a wrong password, then deletes the account and signs out', async () => {
    let deleted = false
    const { user, region, router } = await renderData((request) => {
      const { pathname } = new URL(request.url)
      if (pathname === exportPath) return json(200, none)
      if (pathname === deletePath) {
        return request
          .clone()
          .json()
          .then((body: { password: string }) => {
            if (body.password !== 'senha-certa') {
              return problem(422, { code: 'wrong_password', title: 'Erro', detail: 'Senha incorreta.' })
            }
            deleted = true
            return new Response(null, { status: 204 })
          })
      }
      if (deleted && pathname === '/api/v1/auth/refresh') {
        return problem(401, { title: 'Unauthorized', code: 'session_expired' })
      }
      return undefined
    })
    await user.click(within(region).getByRole('button', { name: 'Excluir minha conta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Excluir sua conta?' })
    expect(within(dialog).getByText(/como de “Conta excluída”/)).toBeInTheDocument()
    const password = within(dialog).getByLabelText('Sua senha')
    await user.type(password, 'senha-errada')
    await user.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }))
    expect(await within(dialog).findByText('Senha incorreta.')).toBeInTheDocument()
    await user.clear(password)
    await user.type(password, 'senha-certa')
    await user.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }))
    await expectToast('Conta excluída', 'Sua conta foi excluída e você saiu de todos os aparelhos.', 'success')
    // Every session is over: asking for this one signs the member out here.
    await waitFor(
      () => {
        expect(router.state.location.pathname).not.toBe('/settings')
      },
      { timeout: 8000 },
    )
  })
})

describe('nextRead', () => {
  it('polls while the archive is made and rests otherwise', () => {
    expect(nextRead({ ...none, export: { ...base, status: 'queued' } })).toBe(2000)
    expect(nextRead(building as DataExportState)).toBe(2000)
    expect(nextRead(ready as DataExportState)).toBe(false)
    expect(nextRead(none)).toBe(false)
    expect(nextRead(undefined)).toBe(false)
  })
})

describe('archiveName', () => {
  it("takes the server's file name, never a path", () => {
    expect(archiveName('attachment; filename="dados-social-2026-11-20.zip"')).toBe('dados-social-2026-11-20.zip')
    expect(archiveName('attachment; filename="../x.zip"')).toBe('dados-social.zip')
    expect(archiveName(null)).toBe('dados-social.zip')
  })
})
