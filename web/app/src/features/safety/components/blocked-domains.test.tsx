import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { checkDomain } from './check-domain'

const block = { domain: 'exemplo.social', created_at: '2026-11-20T10:00:00Z' }

function serve(rest: TestResponder): TestResponder {
  return (request) => {
    const own = rest(request)
    if (own) return own
    const { pathname } = new URL(request.url)
    if (request.method !== 'GET') return undefined
    if (pathname === '/api/v1/auth/sessions') return json(200, { items: [] })
    if (pathname.startsWith('/api/v1/safety/')) return json(200, { items: [] })
    return undefined
  }
}

async function renderPrivacy(respond: TestResponder) {
  const view = renderApp('/settings', { session: 'signed-in', respond })
  const region = await screen.findByRole('region', { name: 'Privacidade e segurança' }, { timeout: 5000 })
  const part = await within(region).findByRole('region', { name: 'Servidores bloqueados' })
  return { ...view, part }
}

describe('checkDomain', () => {
  it('takes a domain as the server keeps it and refuses the rest in Portuguese', () => {
    expect(checkDomain(' https://Exemplo.Social/ ')).toEqual({ domain: 'exemplo.social' })
    expect(checkDomain('@exemplo.social')).toEqual({ domain: 'exemplo.social' })
    expect(checkDomain('127.0.0.1:8443')).toEqual({ domain: '127.0.0.1:8443' })
    const longest = `${'a'.repeat(63)}.`.repeat(3) + 'b'.repeat(61)
    expect(checkDomain(longest)).toEqual({ domain: longest })
    expect(checkDomain('')).toEqual({ error: 'Digite o domínio do servidor que você quer bloquear.' })
    expect(checkDomain(`${longest}c`)).toEqual({ error: 'O domínio pode ter no máximo 253 caracteres.' })
    for (const bad of ['exa mple.social', '-a.example', 'a..example', 'café.example', 'x.example:porta', 'a:1:2']) {
      expect(checkDomain(bad)).toEqual({ error: 'Digite um domínio válido, como exemplo.social.' })
    }
  })
})

describe('BlockedDomains', { timeout: 15_000 }, () => {
  it('says when no server is blocked', async () => {
    const { part } = await renderPrivacy(serve(() => undefined))
    expect(await within(part).findByText('Você não bloqueou nenhum servidor.')).toBeInTheDocument()
  })

  it('shows the loading state while the list is read', async () => {
    const { part } = await renderPrivacy(
      serve((request) => (new URL(request.url).pathname === '/api/v1/safety/domain-blocks' ? never() : undefined)),
    )
    expect(within(part).getByRole('status', { name: 'Carregando servidores bloqueados' })).toBeInTheDocument()
  })

  it('blocks a server by its domain and unblocks it from the list', async () => {
    let blocks: unknown[] = []
    let sent: unknown = null
    const { part, user } = await renderPrivacy(
      serve((request) => {
        const { pathname } = new URL(request.url)
        if (request.method === 'POST' && pathname === '/api/v1/safety/domain-blocks') {
          return request
            .clone()
            .json()
            .then((body: unknown) => {
              sent = body
              blocks = [block]
              return json(200, block)
            })
        }
        if (request.method === 'DELETE' && pathname === '/api/v1/safety/domain-blocks/exemplo.social') {
          blocks = []
          return new Response(null, { status: 204 })
        }
        if (request.method === 'GET' && pathname === '/api/v1/safety/domain-blocks') return json(200, { items: blocks })
        return undefined
      }),
    )
    await within(part).findByText('Você não bloqueou nenhum servidor.')
    await user.type(within(part).getByLabelText('Domínio do servidor'), 'https://Exemplo.Social/')
    await user.click(within(part).getByRole('button', { name: 'Bloquear servidor' }))
    await expectToast('Servidor bloqueado', 'Você não verá mais ninguém de exemplo.social.', 'success')
    expect(sent).toEqual({ domain: 'exemplo.social' })
    const list = await within(part).findByRole('list', { name: 'Servidores bloqueados' })
    await user.click(within(list).getByRole('button', { name: 'Desbloquear exemplo.social' }))
    expect(await within(part).findByText('Você não bloqueou nenhum servidor.')).toBeInTheDocument()
  })

  it('refuses a malformed domain without asking the server, and shows the server’s refusal', async () => {
    let posted = 0
    const { part, user } = await renderPrivacy(
      serve((request) => {
        if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/safety/domain-blocks') {
          posted++
          return problem(422, {
            code: 'domain_own',
            detail: 'Este é o domínio desta rede: bloqueie os membros um a um.',
          })
        }
        return undefined
      }),
    )
    await within(part).findByText('Você não bloqueou nenhum servidor.')
    const input = within(part).getByLabelText('Domínio do servidor')
    await user.type(input, 'não é domínio')
    await user.click(within(part).getByRole('button', { name: 'Bloquear servidor' }))
    expect(within(part).getByRole('alert')).toHaveTextContent('Digite um domínio válido, como exemplo.social.')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(posted).toBe(0)
    await user.clear(input)
    await user.type(input, 'localhost')
    await user.click(within(part).getByRole('button', { name: 'Bloquear servidor' }))
    expect(await within(part).findByRole('alert')).toHaveTextContent(
      'Este é o domínio desta rede: bloqueie os membros um a um.',
    )
  })

  it('offers a retry when the list cannot be read', async () => {
    let fail = true
    const { part, user } = await renderPrivacy(
      serve((request) => {
        const { pathname } = new URL(request.url)
        if (pathname !== '/api/v1/safety/domain-blocks') return undefined
        return fail ? problem(500, { code: 'internal' }) : json(200, { items: [block] })
      }),
    )
    const alert = await within(part).findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('Não foi possível carregar a lista.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    const list = await within(part).findByRole('list', { name: 'Servidores bloqueados' })
    expect(within(list).getByText('exemplo.social')).toBeInTheDocument()
  })
})
