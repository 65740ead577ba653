import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { anaRef, audienceFeed, makeCommunity, ok, ownedBy, routes, sent } from '../testing'

async function renderCreate(respond?: TestResponder) {
  const view = renderApp('/communities/create', { respond })
  await screen.findByRole('heading', { level: 1, name: 'Criar Comunidade' }, { timeout: 5000 })
  return view
}

const nameBox = () => screen.getByRole('textbox', { name: 'Nome da Comunidade *' })
const descriptionBox = () => screen.getByRole('textbox', { name: 'Descrição (opcional)' })
const submit = () => screen.getByRole('button', { name: /^(Criar Comunidade|Criando\.\.\.)$/ })

describe('CreateCommunityScreen', () => {
  it('starts open, with counters, limits, 4 rows and the submit disabled while the name is blank', async () => {
    const { user } = await renderCreate()
    expect(nameBox()).toHaveAttribute('maxlength', '50')
    expect(descriptionBox()).toHaveAttribute('maxlength', '500')
    expect(descriptionBox()).toHaveAttribute('rows', '4')
    expect(screen.getByTestId('counter-50')).toHaveTextContent('0/50')
    expect(screen.getByTestId('counter-500')).toHaveTextContent('0/500')

    const group = screen.getByRole('group', { name: 'Tipo de Comunidade' })
    expect(group).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Comunidade Aberta' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Comunidade Fechada' })).not.toBeChecked()
    expect(screen.getByRole('radio', { name: 'Comunidade Aberta' })).toHaveAccessibleDescription(
      'Qualquer pessoa pode entrar imediatamente e os posts são públicos.',
    )

    expect(submit()).toBeDisabled()
    await user.type(nameBox(), '   ')
    expect(submit()).toBeDisabled()
    await user.type(nameBox(), 'Xadrez')
    expect(submit()).toBeEnabled()
    expect(screen.getByTestId('counter-50')).toHaveTextContent('9/50')
    await user.type(descriptionBox(), 'Partidas')
    expect(screen.getByTestId('counter-500')).toHaveTextContent('8/500')
  })

  it("shows 'Criando...' while busy, sends the trimmed form and goes to the new community", async () => {
    let answer: ((response: Response) => void) | undefined
    const created = makeCommunity('c-new', { name: 'Xadrez', privacy: 'closed', ...ownedBy(anaRef) })
    const { user, router, requests } = await renderCreate(
      routes({
        'POST /communities': () =>
          new Promise<Response>((resolve) => {
            answer = resolve
          }),
        'GET /communities/c-new': () => ok(created),
        'GET /feed': audienceFeed('c-new', () => ok({ items: [] })),
      }),
    )
    await user.type(nameBox(), '  Xadrez  ')
    await user.type(descriptionBox(), ' Partidas às sextas ')
    await user.click(screen.getByRole('radio', { name: 'Comunidade Fechada' }))
    await user.click(submit())

    expect(await screen.findByRole('button', { name: 'Criando...' })).toBeDisabled()
    const [request] = sent(requests, 'POST', '/communities')
    expect(await request?.json()).toEqual({ name: 'Xadrez', description: 'Partidas às sextas', privacy: 'closed' })

    answer?.(json(201, created))
    await expectToast('Comunidade criada com sucesso!', undefined, 'success')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/communities/c-new')
    })
    expect(await screen.findByRole('heading', { level: 1, name: /Xadrez/ })).toBeInTheDocument()
  })

  it('leaves the description out when blank and keeps the open default', async () => {
    const { user, requests } = await renderCreate(
      routes({ 'POST /communities': () => json(201, makeCommunity('c-new', { name: 'Xadrez' })) }),
    )
    await user.type(nameBox(), 'Xadrez')
    await user.type(descriptionBox(), '   ')
    await user.click(submit())
    await expectToast('Comunidade criada com sucesso!', undefined, 'success')
    expect(await sent(requests, 'POST', '/communities')[0]?.json()).toEqual({ name: 'Xadrez', privacy: 'open' })
  })

  it('tells a duplicate name with its own text', async () => {
    const { user, router } = await renderCreate(
      routes({
        'POST /communities': () =>
          problem(409, { code: 'community_name_taken', detail: 'Já existe uma comunidade com esse nome. Escolha outro nome.' }),
      }),
    )
    await user.type(nameBox(), 'Xadrez')
    await user.click(submit())
    await expectToast('Já existe uma comunidade com esse nome. Escolha outro nome.')
    expect(router.state.location.pathname).toBe('/communities/create')
    expect(submit()).toBeEnabled()
  })

  it("tells other failures with 'Erro ao criar comunidade. Tente novamente.'", async () => {
    const { user } = await renderCreate(routes({ 'POST /communities': () => problem(500) }))
    await user.type(nameBox(), 'Xadrez')
    await user.click(submit())
    await expectToast('Erro ao criar comunidade. Tente novamente.')
  })

  it("shows 'Nome da comunidade é obrigatório' when the server refuses the name", async () => {
    const { user } = await renderCreate(
      routes({
        'POST /communities': () =>
          problem(422, { code: 'community_name_required', detail: 'Nome da comunidade é obrigatório' }),
      }),
    )
    await user.type(nameBox(), 'Xadrez')
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent('Nome da comunidade é obrigatório')
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true')
  })

  it("'Cancelar' goes back to /communities", async () => {
    const { user, router } = await renderCreate(routes({ 'GET /communities': () => ok({ items: [] }) }))
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/communities')
    })
  })
})
