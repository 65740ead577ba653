import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const bia = {
  id: '0192f000-0000-7000-8000-0000000000b1',
  handle: 'bia',
  display_name: 'Bia Lima',
  avatar_url: null,
  is_verified: false,
  since: '2026-11-20T10:00:00Z',
}
const word = { id: '0192f000-0000-7000-8000-0000000000d1', word: 'Futebol', expires_at: null, created_at: '2026-11-20T10:00:00Z' }

interface Lists {
  blocks?: unknown[]
  mutes?: unknown[]
  words?: unknown[]
}

function serve({ blocks = [], mutes = [], words = [] }: Lists, rest?: TestResponder): TestResponder {
  return (request) => {
    const own = rest?.(request)
    if (own) return own
    const { pathname } = new URL(request.url)
    if (request.method !== 'GET') return undefined
    if (pathname === '/api/v1/auth/sessions') return json(200, { items: [] })
    if (pathname === '/api/v1/safety/blocks') return json(200, { items: blocks })
    if (pathname === '/api/v1/safety/mutes') return json(200, { items: mutes })
    if (pathname === '/api/v1/safety/muted-words') return json(200, { items: words })
    if (pathname === '/api/v1/safety/domain-blocks') return json(200, { items: [] })
    return undefined
  }
}

async function renderPrivacy(respond: TestResponder) {
  const view = renderApp('/settings', { session: 'signed-in', respond })
  const region = await screen.findByRole('region', { name: 'Privacidade e segurança' }, { timeout: 5000 })
  return { ...view, region }
}

describe('SafetySettings', { timeout: 15_000 }, () => {
  it('says when nothing is blocked, muted or silenced', async () => {
    const { region } = await renderPrivacy(serve({}))
    expect(await within(region).findByText('Você não bloqueou ninguém.')).toBeInTheDocument()
    expect(within(region).getByText('Você não silenciou ninguém.')).toBeInTheDocument()
    expect(within(region).getByText('Nenhuma palavra silenciada.')).toBeInTheDocument()
  })

  it('shows the loading state while the lists are read', async () => {
    const { region } = await renderPrivacy((request) =>
      new URL(request.url).pathname.startsWith('/api/v1/safety/') ? never() : undefined,
    )
    expect(within(region).getByRole('status', { name: 'Carregando membros bloqueados' })).toBeInTheDocument()
    expect(within(region).getByRole('status', { name: 'Carregando palavras silenciadas' })).toBeInTheDocument()
  })

  it('unblocks from the list, which drops the member', async () => {
    let blocked = [bia]
    const { region, user, requests } = await renderPrivacy(
      serve({ blocks: blocked }, (request) => {
        if (request.method === 'DELETE' && new URL(request.url).pathname === '/api/v1/profiles/bia/block') {
          blocked = []
          return json(200, { blocking: false })
        }
        if (request.method === 'GET' && new URL(request.url).pathname === '/api/v1/safety/blocks') {
          return json(200, { items: blocked })
        }
        return undefined
      }),
    )
    const list = await within(region).findByRole('list', { name: 'Membros bloqueados' })
    await user.click(within(list).getByRole('button', { name: 'Desbloquear @bia' }))
    await expectToast(
      'Membro desbloqueado',
      'Vocês voltam a poder interagir. Para seguir @bia de novo, é só seguir.',
      'success',
    )
    await waitFor(() => {
      expect(within(region).getByText('Você não bloqueou ninguém.')).toBeInTheDocument()
    })
    expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/api/v1/profiles/bia/block'))).toBe(true)
  })

  it('mutes a word for a while and removes it', async () => {
    let words: unknown[] = []
    let sent: unknown = null
    const { region, user } = await renderPrivacy(
      serve({}, (request) => {
        const { pathname } = new URL(request.url)
        if (request.method === 'POST' && pathname === '/api/v1/safety/muted-words') {
          return request
            .clone()
            .json()
            .then((body: unknown) => {
              sent = body
              words = [{ ...word, expires_at: '2026-11-27T10:00:00Z' }]
              return json(200, words[0])
            })
        }
        if (request.method === 'DELETE' && pathname === `/api/v1/safety/muted-words/${word.id}`) {
          words = []
          return new Response(null, { status: 204 })
        }
        if (request.method === 'GET' && pathname === '/api/v1/safety/muted-words') return json(200, { items: words })
        return undefined
      }),
    )
    await within(region).findByText('Nenhuma palavra silenciada.')
    await user.type(within(region).getByLabelText('Palavra ou expressão'), 'Futebol')
    await user.selectOptions(within(region).getByLabelText('Por quanto tempo'), '24 horas')
    await user.click(within(region).getByRole('button', { name: 'Silenciar palavra' }))
    await expectToast('Palavra silenciada', 'Posts com “Futebol” não aparecem mais para você.', 'success')
    expect(sent).toEqual({ word: 'Futebol', duration: '24h' })
    const list = await within(region).findByRole('list', { name: 'Palavras silenciadas' })
    expect(within(list).getByText(/^Até /)).toBeInTheDocument()
    await user.click(within(list).getByRole('button', { name: 'Remover “Futebol”' }))
    expect(await within(region).findByText('Nenhuma palavra silenciada.')).toBeInTheDocument()
  })

  it('refuses an empty word without asking the server, and shows the server’s refusal', async () => {
    const { region, user } = await renderPrivacy(
      serve({}, (request) =>
        request.method === 'POST' && new URL(request.url).pathname === '/api/v1/safety/muted-words'
          ? problem(422, {
              code: 'muted_words_limit',
              detail: 'Você já silenciou 100 palavras. Remova alguma para adicionar outra.',
            })
          : undefined,
      ),
    )
    await within(region).findByText('Nenhuma palavra silenciada.')
    await user.click(within(region).getByRole('button', { name: 'Silenciar palavra' }))
    expect(within(region).getByRole('alert')).toHaveTextContent('Digite uma palavra ou expressão para silenciar.')
    await user.type(within(region).getByLabelText('Palavra ou expressão'), 'mais uma')
    await user.click(within(region).getByRole('button', { name: 'Silenciar palavra' }))
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Você já silenciou 100 palavras. Remova alguma para adicionar outra.',
    )
  })

  it('offers a retry when a list cannot be read', async () => {
    let fail = true
    const { region, user } = await renderPrivacy(
      serve({ mutes: [bia] }, (request) =>
        fail && new URL(request.url).pathname === '/api/v1/safety/mutes' ? problem(500, { code: 'internal' }) : undefined,
      ),
    )
    const alert = await within(region).findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('Não foi possível carregar a lista.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    const list = await within(region).findByRole('list', { name: 'Membros silenciados' })
    expect(within(list).getByRole('listitem', { name: 'Bia Lima' })).toBeInTheDocument()
  })
})
