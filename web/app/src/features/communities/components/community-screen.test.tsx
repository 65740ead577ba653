import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import {
  anaRef,
  audienceFeed,
  audienceReads,
  biaRef,
  caioRef,
  duduRef,
  makeCommunity,
  makeMember,
  noContent,
  notFound,
  ok,
  ownedBy,
  routes,
  sent,
} from '../testing'
import type { Community } from '../types'

import { CommunityScreen } from './community-screen'

function detail(community: Community, rest?: TestResponder): TestResponder {
  return routes(
    {
      [`GET /communities/${community.id}`]: () => ok(community),
      'GET /feed': audienceFeed(community.id, () => ok({ items: [] })),
      'GET /communities': () => ok({ items: [] }),
    },
    rest,
  )
}

async function renderDetail(community: Community, rest?: TestResponder) {
  const view = renderApp(`/communities/${community.id}`, { respond: detail(community, rest) })
  await screen.findByRole('heading', { level: 1, name: new RegExp(community.name) }, { timeout: 5000 })
  return view
}

const clube = makeCommunity('c1', {
  name: 'Clube do Livro',
  description: 'Leituras mensais',
  privacy: 'closed',
  member_count: 42,
})

describe('CommunityScreen', () => {
  it('shows the header and, for others, the invitation to join (no posts are read)', async () => {
    const { requests } = await renderDetail(clube)
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/communities')
    expect(screen.getByText('Comunidade fechada')).toBeInTheDocument()
    expect(screen.getByText('42 membros')).toBeInTheDocument()
    expect(screen.getByText('Privada')).toBeInTheDocument()
    expect(screen.getByText('Leituras mensais')).toBeInTheDocument()
    expect(screen.getByText(`Criada por ${biaRef.display_name}`)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Solicitar' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Gerenciar' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Junte-se à comunidade' })).toBeInTheDocument()
    expect(screen.getByText('Entre na comunidade para ver e compartilhar posts.')).toBeInTheDocument()
    expect(screen.queryByText('Posts da Comunidade')).not.toBeInTheDocument()
    expect(audienceReads(requests, 'c1')).toHaveLength(0)
  })

  it("shows 'Entrar' for an open community and joins it, then shows the posts", async () => {
    const open = makeCommunity('c2', { name: 'Fotografia' })
    const { user } = await renderDetail(
      open,
      routes({
        'POST /communities/c2/join': () =>
          ok({ membership: { id: 'm1', role: 'member', status: 'approved' }, member_count: 11 }),
      }),
    )
    expect(screen.getByText('Aberta')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await expectToast('Você entrou na comunidade!', undefined, 'success')
    expect(await screen.findByRole('button', { name: 'Sair da Comunidade' })).toBeEnabled()
    expect(screen.getByText('11 membros')).toBeInTheDocument()
    expect(await screen.findByText('Nenhum post ainda')).toBeInTheDocument()
  })

  it('keeps focus on the button while joining and leaving, busy and deaf to further presses', async () => {
    const open = makeCommunity('c2', { name: 'Fotografia' })
    const held: { join?: () => void; leave?: () => void } = {}
    let calls = 0
    const { user } = await renderDetail(
      open,
      routes({
        'POST /communities/c2/join': () => {
          calls += 1
          return new Promise<Response>((resolve) => {
            held.join = () => {
              resolve(ok({ membership: { id: 'm1', role: 'member', status: 'approved' }, member_count: 11 }))
            }
          })
        },
        'DELETE /communities/c2/membership': () => {
          calls += 1
          return new Promise<Response>((resolve) => {
            held.leave = () => {
              resolve(ok({ member_count: 10 }))
            }
          })
        },
      }),
    )
    const join = screen.getByRole('button', { name: 'Entrar' })
    join.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => {
      expect(join).toHaveAttribute('aria-busy', 'true')
    })
    expect(join).toHaveAttribute('aria-disabled', 'true')
    expect(join).toBeEnabled()
    expect(join).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(calls).toBe(1)
    held.join?.()
    const leave = await screen.findByRole('button', { name: 'Sair da Comunidade' })
    await waitFor(() => {
      expect(leave).not.toHaveAttribute('aria-busy')
    })
    expect(leave).toHaveFocus()

    await user.keyboard('{Enter}')
    await waitFor(() => {
      expect(leave).toHaveAttribute('aria-busy', 'true')
    })
    expect(leave).toHaveFocus()
    held.leave?.()
    const again = await screen.findByRole('button', { name: 'Entrar' })
    await waitFor(() => {
      expect(again).not.toHaveAttribute('aria-busy')
    })
    expect(again).toHaveFocus()
    expect(calls).toBe(2)
  })

  it("shows a disabled 'Solicitação Pendente' for a pending request", async () => {
    await renderDetail({ ...clube, membership: { id: 'm1', role: 'member', status: 'pending' } })
    expect(screen.getByRole('button', { name: 'Solicitação Pendente' })).toBeDisabled()
    expect(screen.getByText('Junte-se à comunidade')).toBeInTheDocument()
  })

  it("shows 'Sair da Comunidade' to an approved member and leaves", async () => {
    const { user } = await renderDetail(
      { ...clube, membership: { id: 'm1', role: 'member', status: 'approved' } },
      routes({ 'DELETE /communities/c1/membership': () => ok({ member_count: 41 }) }),
    )
    expect(await screen.findByRole('heading', { name: 'Posts da Comunidade' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sair da Comunidade' }))
    await expectToast('Você saiu da comunidade', undefined, 'success')
    expect(await screen.findByRole('button', { name: 'Solicitar' })).toBeEnabled()
    expect(screen.getByText('Junte-se à comunidade')).toBeInTheDocument()
  })

  it("gives the owner no membership button but 'Gerenciar' and the posts", async () => {
    await renderDetail({ ...clube, ...ownedBy(anaRef) })
    expect(screen.getByRole('button', { name: 'Gerenciar' })).toBeInTheDocument()
    for (const name of ['Entrar', 'Solicitar', 'Sair da Comunidade', 'Solicitação Pendente']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
    }
    expect(await screen.findByText('Nenhum post ainda')).toBeInTheDocument()
  })

  it("shows a disabled 'Entrar' when not signed in", async () => {
    renderApp('/communities/c1', {
      session: 'signed-out',
      respond: detail(clube),
      routes: [{ path: '/communities/:id', element: <CommunityScreen /> }],
    })
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeDisabled()
  })

  it("shows 'Comunidade não encontrada' with 'Voltar para Comunidades' for an unknown id", async () => {
    const { user, router } = renderApp('/communities/nope', {
      respond: routes({ 'GET /communities/nope': notFound, 'GET /communities': () => ok({ items: [] }) }),
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Comunidade não encontrada' }, { timeout: 5000 }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Voltar para Comunidades' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/communities')
    })
  })
})

describe('Gerenciar Comunidade', () => {
  const owned = { ...clube, ...ownedBy(anaRef) }
  const request = makeMember('r1', duduRef, { status: 'pending' })
  const members = [
    makeMember('m-owner', anaRef, { role: 'owner' }),
    makeMember('m-bia', biaRef, { role: 'admin' }),
    makeMember('m-caio', caioRef),
  ]

  /** `first` answers before the dialog's defaults (to make one action fail). */
  function manageAnswers(first?: TestResponder): TestResponder {
    const defaults = routes(
      {
        'GET /communities/c1/members': (_request, url) =>
          ok({ items: url.searchParams.get('status') === 'pending' ? [request] : members }),
        'POST /communities/c1/members/r1/approve': () => ok({ ...request, status: 'approved' }),
        'POST /communities/c1/members/r1/reject': () => ok({ ...request, status: 'rejected' }),
        'PATCH /communities/c1/members/m-caio': () => ok({ ...members[2], role: 'admin' }),
        'PATCH /communities/c1/members/m-bia': () => ok({ ...members[1], role: 'member' }),
        'DELETE /communities/c1/members/m-caio': noContent,
      },
    )
    return (request) => first?.(request) ?? defaults(request)
  }

  async function openManage(community: Community = owned, rest?: TestResponder) {
    const view = await renderDetail(community, manageAnswers(rest))
    await view.user.click(screen.getByRole('button', { name: 'Gerenciar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Gerenciar Comunidade' })
    return { ...view, dialog }
  }

  it('lists the pending requests and approves or rejects them', async () => {
    const { user, dialog, requests } = await openManage()
    expect(await within(dialog).findByRole('heading', { name: 'Solicitações Pendentes (1)' })).toBeInTheDocument()
    const row = within(dialog).getByRole('listitem', { name: 'Dudu Alves' })
    await user.click(within(row).getByRole('button', { name: 'Aprovar' }))
    await waitFor(() => {
      expect(sent(requests, 'POST', '/communities/c1/members/r1/approve')).toHaveLength(1)
    })
    await user.click(within(row).getByRole('button', { name: 'Rejeitar' }))
    await waitFor(() => {
      expect(sent(requests, 'POST', '/communities/c1/members/r1/reject')).toHaveLength(1)
    })
    // Members and the community's count are read again after each action.
    await waitFor(() => {
      expect(sent(requests, 'GET', '/communities/c1/members').length).toBeGreaterThan(2)
    })
  })

  it('has no requests section for an open community', async () => {
    const { dialog, requests } = await openManage({ ...owned, privacy: 'open' })
    expect(await within(dialog).findByRole('heading', { name: 'Membros (3)' })).toBeInTheDocument()
    expect(within(dialog).queryByText(/Solicitações Pendentes/)).not.toBeInTheDocument()
    expect(
      sent(requests, 'GET', '/communities/c1/members').some((r) => new URL(r.url).searchParams.get('status') === 'pending'),
    ).toBe(false)
  })

  it('lists the members with their role badges and switches roles and removes', async () => {
    const { user, dialog, requests } = await openManage()
    expect(await within(dialog).findByRole('heading', { name: 'Membros (3)' })).toBeInTheDocument()

    const ownerRow = within(dialog).getByRole('listitem', { name: 'Ana Souza' })
    expect(within(ownerRow).getByText('Dono')).toBeInTheDocument()
    expect(within(ownerRow).queryByRole('button')).not.toBeInTheDocument()

    const biaRow = within(dialog).getByRole('listitem', { name: 'Bia Lima' })
    expect(within(biaRow).getByText('Admin')).toBeInTheDocument()
    await user.click(within(biaRow).getByRole('button', { name: 'Remover Admin' }))
    await waitFor(() => {
      expect(sent(requests, 'PATCH', '/communities/c1/members/m-bia')).toHaveLength(1)
    })
    expect(await sent(requests, 'PATCH', '/communities/c1/members/m-bia')[0]?.json()).toEqual({ role: 'member' })

    const caioRow = within(dialog).getByRole('listitem', { name: 'Caio Reis' })
    expect(within(caioRow).getByText('Membro')).toBeInTheDocument()
    await user.click(within(caioRow).getByRole('button', { name: 'Tornar Admin' }))
    await waitFor(() => {
      expect(sent(requests, 'PATCH', '/communities/c1/members/m-caio')).toHaveLength(1)
    })
    expect(await sent(requests, 'PATCH', '/communities/c1/members/m-caio')[0]?.json()).toEqual({ role: 'admin' })

    await user.click(within(caioRow).getByRole('button', { name: 'Remover' }))
    await waitFor(() => {
      expect(sent(requests, 'DELETE', '/communities/c1/members/m-caio')).toHaveLength(1)
    })
  })

  it('toasts when a member action fails', async () => {
    const { user, dialog } = await openManage(
      owned,
      routes({ 'DELETE /communities/c1/members/m-caio': () => problem(500) }),
    )
    const row = await within(dialog).findByRole('listitem', { name: 'Caio Reis' })
    await user.click(within(row).getByRole('button', { name: 'Remover' }))
    await expectToast('Erro', 'Não foi possível atualizar o membro.')
    expect(within(dialog).getByRole('listitem', { name: 'Caio Reis' })).toBeInTheDocument()
  })

  it("deletes after 'Você tem certeza?': 'Cancelar' keeps it, 'Deletar' deletes and goes to /communities", async () => {
    const { user, dialog, router, requests } = await openManage(
      owned,
      routes({ 'DELETE /communities/c1': noContent }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Deletar Comunidade' }))
    let confirm = await screen.findByRole('alertdialog', { name: 'Você tem certeza?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })
    expect(sent(requests, 'DELETE', '/communities/c1')).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: 'Deletar Comunidade' }))
    confirm = await screen.findByRole('alertdialog', { name: 'Você tem certeza?' })
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }))
    await expectToast('Comunidade deletada com sucesso', undefined, 'success')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/communities')
    })
    expect(sent(requests, 'DELETE', '/communities/c1')).toHaveLength(1)
  })

  it('after the deletion asks nothing more about the community: its reads are dropped, not read again', async () => {
    let deleted = false
    const gone = (answer: () => Response) => () => (deleted ? notFound() : answer())
    const { user, dialog, router, requests, queryClient } = await openManage(
      owned,
      routes({
        'DELETE /communities/c1': () => {
          deleted = true
          return noContent()
        },
        'GET /communities/c1': gone(() => ok(owned)),
        'GET /feed': audienceFeed('c1', gone(() => ok({ items: [] }))),
        'GET /communities/c1/members': gone(() => ok({ items: members })),
      }),
    )
    await within(dialog).findByRole('heading', { name: /Membros/ })
    await user.click(within(dialog).getByRole('button', { name: 'Deletar Comunidade' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Você tem certeza?' })
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/communities')
    })
    await screen.findByRole('heading', { level: 1, name: 'Comunidades' })
    // Give a refetch every chance to go out.
    await new Promise((resolve) => setTimeout(resolve, 100))
    const after = requests.slice(requests.findIndex((r) => r.method === 'DELETE'))
    const aboutIt = after.filter((r) => r.method === 'GET' && new URL(r.url).pathname.startsWith('/api/v1/communities/c1'))
    expect(aboutIt.map((r) => new URL(r.url).pathname)).toEqual([])
    expect(queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey.includes('c1') })).toEqual([])
  })

  it("toasts 'Erro ao deletar comunidade' when the deletion is refused", async () => {
    const { user, dialog, router } = await openManage(
      owned,
      routes({
        'DELETE /communities/c1': () =>
          problem(403, { code: 'community_not_owner', detail: 'Unauthorized to delete this community' }),
      }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Deletar Comunidade' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Você tem certeza?' })
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }))
    await expectToast('Erro ao deletar comunidade', 'Unauthorized to delete this community')
    expect(router.state.location.pathname).toBe('/communities/c1')
  })
})
