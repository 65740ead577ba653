import { onlineManager } from '@tanstack/react-query'
import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()

const current = {
  id: '0192f000-0000-7000-8000-00000000c001',
  device: 'Chrome no Windows',
  network: '203.0.113.0/24',
  created_at: '2026-11-20T10:00:00Z',
  last_used_at: minutesAgo(0),
  expires_at: '2026-12-20T10:00:00Z',
  current: true,
}
const phone = {
  id: '0192f000-0000-7000-8000-00000000c002',
  device: 'Safari no iPhone',
  network: '2001:db8:aaaa::/48',
  created_at: '2026-11-12T10:00:00Z',
  last_used_at: minutesAgo(5),
  expires_at: '2026-12-12T10:00:00Z',
  current: false,
}
const tablet = { ...phone, id: '0192f000-0000-7000-8000-00000000c003', device: 'Chrome no Android', network: null }

const sessionsPath = '/api/v1/auth/sessions'

function serve(list: unknown[], rest?: TestResponder): TestResponder {
  return (request) => {
    const { pathname } = new URL(request.url)
    if (request.method === 'GET' && pathname === sessionsPath) return json(200, { items: list })
    return rest?.(request)
  }
}

async function renderSettings(respond: TestResponder) {
  const view = renderApp('/settings', { session: 'signed-in', respond })
  await screen.findByRole('heading', { level: 1, name: 'Configurações' }, { timeout: 5000 })
  return view
}

afterEach(() => {
  onlineManager.setOnline(true)
})

describe('SettingsScreen', { timeout: 15_000 }, () => {
  it('has the four sections, the account as it is, and no placeholder', async () => {
    await renderSettings(serve([current]))
    for (const name of ['Conta', 'Privacidade e segurança', 'Sessões', 'Seus dados']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument()
    }
    const account = screen.getByRole('region', { name: 'Conta' })
    expect(within(account).getByText('Ana Souza')).toBeInTheDocument()
    expect(within(account).getByText('@ana')).toBeInTheDocument()
    expect(within(account).getByText('ana@example.com')).toBeInTheDocument()
    expect(within(account).getByRole('link', { name: 'Editar perfil' })).toHaveAttribute('href', '/profile')
    expect(screen.queryByText(/em breve/i)).not.toBeInTheDocument()
  })

  it('lists the sessions with device, network and last use, the current one flagged and not endable', async () => {
    await renderSettings(serve([current, phone]))
    const list = await screen.findByRole('list', { name: 'Sessões ativas' })
    const mine = within(list).getByRole('listitem', { name: 'Chrome no Windows' })
    expect(within(mine).getByText('Esta sessão')).toBeInTheDocument()
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument()
    const other = within(list).getByRole('listitem', { name: 'Safari no iPhone' })
    expect(within(other).getByText('Rede 2001:db8:aaaa::/48 · Último uso há 5 minutos')).toBeInTheDocument()
    expect(within(other).getByText('Entrou em 12 de novembro de 2026')).toBeInTheDocument()
    expect(within(other).getByRole('button', { name: 'Encerrar a sessão Safari no iPhone' })).toHaveTextContent(
      /^Encerrar a sessão/,
    )
  })

  it('ends one session and drops it from the list', async () => {
    let list = [current, phone, tablet]
    const { user, requests } = await renderSettings((request) => {
      const { pathname } = new URL(request.url)
      if (request.method === 'GET' && pathname === sessionsPath) return json(200, { items: list })
      if (request.method === 'DELETE' && pathname === `${sessionsPath}/${phone.id}`) {
        list = [current, tablet]
        return new Response(null, { status: 204 })
      }
      return undefined
    })
    await user.click(await screen.findByRole('button', { name: 'Encerrar a sessão Safari no iPhone' }))
    await expectToast('Sessão encerrada', 'Ela foi desconectada em todos os lugares.', 'success')
    expect(screen.queryByRole('listitem', { name: 'Safari no iPhone' })).not.toBeInTheDocument()
    expect(screen.getByRole('listitem', { name: 'Chrome no Android' })).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1)
  })

  it('ends every other session, keeps the current, and says how many', async () => {
    let list = [current, phone, tablet]
    const { user } = await renderSettings((request) => {
      const { pathname } = new URL(request.url)
      if (request.method === 'GET' && pathname === sessionsPath) return json(200, { items: list })
      if (request.method === 'POST' && pathname === `${sessionsPath}/end-others`) {
        list = [current]
        return json(200, { ended: 2 })
      }
      return undefined
    })
    await user.click(await screen.findByRole('button', { name: 'Encerrar todas as outras' }))
    await expectToast('2 sessões encerradas', 'Só esta sessão continua conectada.', 'success')
    expect(screen.getByRole('listitem', { name: 'Chrome no Windows' })).toBeInTheDocument()
    expect(screen.queryByRole('listitem', { name: 'Safari no iPhone' })).not.toBeInTheDocument()
    expect(await screen.findByText('Sua conta está conectada só nesta sessão.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Encerrar todas as outras' })).not.toBeInTheDocument()
  })

  it("shows the server's message when ending fails, and keeps the session listed", async () => {
    const { user } = await renderSettings(
      serve([current, phone], (request) =>
        request.method === 'DELETE'
          ? problem(503, { code: 'unavailable', title: 'Erro', detail: 'Serviço indisponível. Tente novamente.' })
          : undefined,
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Encerrar a sessão Safari no iPhone' }))
    await expectToast('Não foi possível encerrar a sessão.', 'Serviço indisponível. Tente novamente.')
    expect(screen.getByRole('listitem', { name: 'Safari no iPhone' })).toBeInTheDocument()
  })

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true
    const { user } = await renderSettings((request) => {
      if (request.method !== 'GET' || new URL(request.url).pathname !== sessionsPath) return undefined
      return fail ? problem(500, { code: 'internal', title: 'Erro', detail: 'x' }) : json(200, { items: [current] })
    })
    const sessions = await screen.findByRole('region', { name: 'Sessões' })
    const alert = await within(sessions).findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('Não foi possível carregar suas sessões.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('listitem', { name: 'Chrome no Windows' })).toBeInTheDocument()
  })

  it('offline, keeps the list but ends nothing', async () => {
    await renderSettings(serve([current, phone]))
    const button = await screen.findByRole('button', { name: 'Encerrar a sessão Safari no iPhone' })
    act(() => {
      onlineManager.setOnline(false)
    })
    expect(button).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Encerrar todas as outras' })).toBeDisabled()
    expect(screen.getByText('Sem conexão: as sessões só podem ser encerradas com internet.')).toBeInTheDocument()
  })
})
