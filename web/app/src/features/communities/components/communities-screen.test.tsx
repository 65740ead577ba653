import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp, renderWithProviders } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { anaRef, biaRef, makeCommunity, ok, ownedBy, routes, sent } from '../testing'
import type { Community } from '../types'

import { CommunitiesScreen } from './communities-screen'

const open = makeCommunity('c-open', { name: 'Fotografia de Rua', description: 'Cliques pelas cidades', member_count: 12 })
const closed = makeCommunity('c-closed', { name: 'Clube do Livro', description: 'Leituras mensais', privacy: 'closed' })
const pending = makeCommunity('c-pending', {
  name: 'Ciclistas do Recife',
  privacy: 'closed',
  membership: { id: 'm1', role: 'member', status: 'pending' },
})
const mine = makeCommunity('c-mine', { name: 'Minha Comunidade', ...ownedBy(anaRef) })
const member = makeCommunity('c-member', {
  name: 'Jardinagem',
  membership: { id: 'm2', role: 'member', status: 'approved' },
})

function listAnswer(items: Community[] | (() => Response | Promise<Response>), rest?: TestResponder) {
  return routes(
    { 'GET /communities': () => (typeof items === 'function' ? items() : ok({ items })) },
    rest,
  )
}

async function renderList(respond: TestResponder) {
  const view = renderApp('/communities', { respond })
  await screen.findByRole('heading', { level: 1, name: 'Comunidades' }, { timeout: 5000 })
  return view
}

const card = (name: string) => screen.findByRole('article', { name })

describe('CommunitiesScreen', () => {
  it('shows the title, the search box and the create button', async () => {
    const { user, router } = await renderList(listAnswer([]))
    expect(screen.getByRole('searchbox', { name: 'Buscar comunidades' })).toHaveAttribute(
      'placeholder',
      'Buscar comunidades...',
    )
    await user.click(screen.getByRole('link', { name: 'Criar Comunidade' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/communities/create')
    })
  })

  it('shows placeholders while loading', async () => {
    await renderList(listAnswer(never))
    const loading = screen.getByRole('status', { name: 'Carregando comunidades' })
    expect(within(loading).getAllByTestId('community-placeholder').length).toBeGreaterThan(0)
  })

  it('renders a card: initial, name, lock, members, badge, description, owner and the Ver link', async () => {
    await renderList(listAnswer([open, closed]))
    const openCard = await card('Fotografia de Rua')
    expect(within(openCard).getByText('F')).toBeInTheDocument()
    expect(within(openCard).getByText('12 membros')).toBeInTheDocument()
    expect(within(openCard).getByText('Aberta')).toBeInTheDocument()
    expect(within(openCard).getByText('Cliques pelas cidades')).toBeInTheDocument()
    expect(within(openCard).getByText(`por ${biaRef.display_name}`)).toBeInTheDocument()
    expect(within(openCard).queryByText('Comunidade fechada')).not.toBeInTheDocument()
    expect(within(openCard).getByRole('link', { name: 'Ver' })).toHaveAttribute('href', '/communities/c-open')

    const closedCard = await card('Clube do Livro')
    expect(within(closedCard).getByText('Privada')).toBeInTheDocument()
    expect(within(closedCard).getByText('Comunidade fechada')).toBeInTheDocument()
  })

  it('shows every membership button state', async () => {
    await renderList(listAnswer([open, closed, pending, mine, member]))
    expect(within(await card('Fotografia de Rua')).getByRole('button', { name: 'Entrar' })).toBeEnabled()
    expect(within(await card('Clube do Livro')).getByRole('button', { name: 'Solicitar' })).toBeEnabled()
    expect(within(await card('Ciclistas do Recife')).getByRole('button', { name: 'Pendente' })).toBeDisabled()
    expect(within(await card('Minha Comunidade')).getByRole('button', { name: 'Owner' })).toBeDisabled()
    expect(within(await card('Jardinagem')).getByRole('button', { name: 'Sair' })).toBeEnabled()
  })

  it("shows a disabled 'Entrar' when not signed in", async () => {
    renderWithProviders(<CommunitiesScreen />, { session: 'signed-out', respond: listAnswer([open, closed]) })
    expect(within(await card('Fotografia de Rua')).getByRole('button', { name: 'Entrar' })).toBeDisabled()
    expect(within(await card('Clube do Livro')).getByRole('button', { name: 'Entrar' })).toBeDisabled()
  })

  it("joins an open community: 'Você entrou na comunidade!' and 'Sair'", async () => {
    const { user, requests } = await renderList(
      listAnswer([open], routes({
        'POST /communities/c-open/join': () =>
          ok({ membership: { id: 'm9', role: 'member', status: 'approved' }, member_count: 13 }),
      })),
    )
    const openCard = await card('Fotografia de Rua')
    await user.click(within(openCard).getByRole('button', { name: 'Entrar' }))
    await expectToast('Você entrou na comunidade!', undefined, 'success')
    expect(within(openCard).getByRole('button', { name: 'Sair' })).toBeEnabled()
    expect(within(openCard).getByText('13 membros')).toBeInTheDocument()
    expect(sent(requests, 'POST', '/communities/c-open/join')).toHaveLength(1)
  })

  it("requests to join a closed community: 'Solicitação enviada!' and 'Pendente'", async () => {
    const { user } = await renderList(
      listAnswer([closed], routes({
        'POST /communities/c-closed/join': () =>
          ok({ membership: { id: 'm9', role: 'member', status: 'pending' }, member_count: 10 }),
      })),
    )
    const closedCard = await card('Clube do Livro')
    await user.click(within(closedCard).getByRole('button', { name: 'Solicitar' }))
    await expectToast('Solicitação enviada!', undefined, 'success')
    expect(within(closedCard).getByRole('button', { name: 'Pendente' })).toBeDisabled()
  })

  it("toasts 'Erro ao entrar na comunidade' when joining fails", async () => {
    const { user } = await renderList(
      listAnswer([open], routes({ 'POST /communities/c-open/join': () => problem(500) })),
    )
    await user.click(within(await card('Fotografia de Rua')).getByRole('button', { name: 'Entrar' }))
    await expectToast('Erro ao entrar na comunidade')
    expect(within(await card('Fotografia de Rua')).getByRole('button', { name: 'Entrar' })).toBeEnabled()
  })

  it("leaves: 'Você saiu da comunidade', and 'Erro ao sair da comunidade' on failure", async () => {
    let fail = true
    const { user } = await renderList(
      listAnswer([member], routes({
        'DELETE /communities/c-member/membership': () => (fail ? problem(500) : ok({ member_count: 9 })),
      })),
    )
    const memberCard = await card('Jardinagem')
    await user.click(within(memberCard).getByRole('button', { name: 'Sair' }))
    await expectToast('Erro ao sair da comunidade')
    fail = false
    await user.click(within(memberCard).getByRole('button', { name: 'Sair' }))
    await expectToast('Você saiu da comunidade', undefined, 'success')
    expect(within(memberCard).getByRole('button', { name: 'Entrar' })).toBeEnabled()
    expect(within(memberCard).getByText('9 membros')).toBeInTheDocument()
  })

  it('searches by name or description, case-insensitive, and asks the server with q', async () => {
    const { user, requests } = await renderList(
      routes({
        'GET /communities': (_request, url) => {
          const q = url.searchParams.get('q')?.toLowerCase()
          const all = [open, closed]
          return json(200, {
            items: q
              ? all.filter((c) => c.name.toLowerCase().includes(q) || (c.description ?? '').toLowerCase().includes(q))
              : all,
          })
        },
      }),
    )
    await card('Clube do Livro')
    const search = screen.getByRole('searchbox', { name: 'Buscar comunidades' })
    await user.type(search, 'LEITURAS')
    expect(await card('Clube do Livro')).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Fotografia de Rua' })).not.toBeInTheDocument()
    await waitFor(() => {
      expect(sent(requests, 'GET', '/communities').some((r) => new URL(r.url).searchParams.get('q') === 'LEITURAS')).toBe(true)
    })

    await user.clear(search)
    await user.type(search, 'xadrez')
    expect(await screen.findByText('Nenhuma comunidade encontrada')).toBeInTheDocument()
    expect(screen.getByText('Tente buscar por outro nome ou descrição.')).toBeInTheDocument()
  })

  it('shows the empty state with its own hint when nothing is typed', async () => {
    await renderList(listAnswer([]))
    expect(await screen.findByText('Nenhuma comunidade encontrada')).toBeInTheDocument()
    expect(screen.getByText('Seja o primeiro a criar uma comunidade!')).toBeInTheDocument()
  })

  it('says when the list cannot be read and retries', async () => {
    let fail = true
    const { user } = await renderList(listAnswer(() => (fail ? problem(500) : ok({ items: [open] }))))
    expect(await screen.findByText('Não foi possível carregar as comunidades.')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await card('Fotografia de Rua')).toBeInTheDocument()
  })
})
