import { onlineManager } from '@tanstack/react-query'
import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const digestPath = '/api/v1/notifications/email-digest'

/** The server's digest choice; PUT answers `refuse` when set. */
function digestServer(initial: boolean, refuse?: () => Response) {
  const state = { enabled: initial, puts: [] as unknown[] }
  const put = async (request: Request) => {
    const body = (await request.clone().json()) as { enabled: boolean }
    state.puts.push(body)
    if (refuse) return refuse()
    state.enabled = body.enabled
    return json(200, { enabled: state.enabled })
  }
  const respond: TestResponder = (request) => {
    if (new URL(request.url).pathname !== digestPath) return undefined
    if (request.method === 'GET') return json(200, { enabled: state.enabled })
    if (request.method === 'PUT') return put(request)
    return undefined
  }
  return { state, respond }
}

async function renderDigest(respond: TestResponder) {
  const view = renderApp('/settings', { session: 'signed-in', respond })
  const region = await screen.findByRole('region', { name: 'Notificações' }, { timeout: 10_000 })
  const group = await within(region).findByRole('group', { name: 'Por e-mail' })
  return { ...view, group }
}

describe('Resumo semanal por e-mail', { timeout: 15_000 }, () => {
  afterEach(() => {
    onlineManager.setOnline(true)
  })

  it('is off until the member turns it on, and then saved', async () => {
    const server = digestServer(false)
    const { user, group } = await renderDigest(server.respond)
    const toggle = await within(group).findByRole('switch', { name: 'Resumo semanal por e-mail' })
    expect(toggle).not.toBeChecked()
    expect(toggle).toHaveAccessibleDescription(/Uma vez por semana.*Desativado\./)

    await user.click(toggle)
    await expectToast('Resumo semanal ativado', undefined, 'success')
    expect(server.state.puts).toEqual([{ enabled: true }])
    expect(within(group).getByRole('switch', { name: 'Resumo semanal por e-mail' })).toBeChecked()
  })

  it('goes back and says why when the server refuses', async () => {
    const server = digestServer(true, () => problem(503, { code: 'unavailable', detail: 'Tente de novo em instantes.' }))
    const { user, group } = await renderDigest(server.respond)
    const toggle = await within(group).findByRole('switch', { name: 'Resumo semanal por e-mail' })
    expect(toggle).toBeChecked()
    await user.click(toggle)
    await expectToast('Não foi possível salvar o resumo por e-mail.', 'Tente de novo em instantes.')
    expect(within(group).getByRole('switch', { name: 'Resumo semanal por e-mail' })).toBeChecked()
  })

  it('says when it could not be read, with a retry', async () => {
    let fail = true
    const respond: TestResponder = (request) => {
      if (new URL(request.url).pathname !== digestPath) return undefined
      return fail ? json(500, { title: 'Erro', status: 500 }) : json(200, { enabled: true })
    }
    const { user, group } = await renderDigest(respond)
    expect(await within(group).findByText('Não foi possível carregar o resumo por e-mail.')).toBeInTheDocument()
    fail = false
    await user.click(within(group).getByRole('button', { name: 'Tentar novamente' }))
    expect(await within(group).findByRole('switch', { name: 'Resumo semanal por e-mail' })).toBeChecked()
  })

  it('offline, the switch is disabled and the section says why', async () => {
    const server = digestServer(false)
    const { group } = await renderDigest(server.respond)
    const toggle = await within(group).findByRole('switch', { name: 'Resumo semanal por e-mail' })
    act(() => {
      onlineManager.setOnline(false)
    })
    expect(toggle).toBeDisabled()
    expect(within(group).getByText('Sem conexão: o resumo por e-mail só pode ser mudado com internet.')).toBeInTheDocument()
  })
})
