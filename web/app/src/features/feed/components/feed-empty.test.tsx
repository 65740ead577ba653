import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderApp, renderWithProviders } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { FeedEmpty } from './feed-empty'

function answers(demo: () => Response, clear: () => Response = () => json(200, { posts: 3, message: 'ok' })): TestResponder {
  return (request) => {
    const { pathname } = new URL(request.url)
    if (request.method === 'GET' && pathname === '/api/v1/feed') return json(200, { items: [] })
    if (request.method === 'POST' && pathname === '/api/v1/demo-data') return demo()
    if (request.method === 'DELETE' && pathname === '/api/v1/demo-data') return clear()
    return undefined
  }
}

const created = () => json(200, { skipped: false, posts: [], message: 'ok' })

const feedReads = (requests: Request[]) =>
  requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/v1/feed').length

async function renderEmpty(respond: TestResponder) {
  const view = renderApp('/', { session: 'signed-in', respond })
  const card = await screen.findByRole('region', { name: 'Dados de demonstração' }, { timeout: 5000 })
  return { ...view, card }
}

describe('FeedEmpty demo-data card', () => {
  it('creates the demo data, toasts and refetches the feed', async () => {
    const { user, requests, card } = await renderEmpty(
      answers(created),
    )
    expect(card).toHaveTextContent('Crie 3 posts de exemplo para explorar a rede.')
    const before = feedReads(requests)
    await user.click(screen.getByRole('button', { name: 'Gerar dados de demonstração' }))
    await expectToast('Dados de demonstração criados!', undefined, 'success')
    expect(requests.some((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/demo-data')).toBe(true)
    await waitFor(() => {
      expect(feedReads(requests)).toBeGreaterThan(before)
    })
  })

  it("toasts 'Não foi possível criar os dados de demonstração.' when the call fails", async () => {
    const { user } = await renderEmpty(answers(() => problem(500)))
    await user.click(screen.getByRole('button', { name: 'Gerar dados de demonstração' }))
    await expectToast('Erro', 'Não foi possível criar os dados de demonstração.')
  })

  it('clears the demo data, toasts and refetches the feed', async () => {
    const { user, requests } = await renderEmpty(answers(created))
    const before = feedReads(requests)
    await user.click(screen.getByRole('button', { name: 'Limpar dados de demonstração' }))
    await expectToast('Dados de demonstração removidos.', undefined, 'success')
    expect(requests.filter((r) => r.method === 'DELETE' && new URL(r.url).pathname === '/api/v1/demo-data')).toHaveLength(1)
    await waitFor(() => {
      expect(feedReads(requests)).toBeGreaterThan(before)
    })
  })

  it("toasts 'Não foi possível limpar os dados de demonstração.' when the call fails", async () => {
    const { user } = await renderEmpty(answers(created, () => problem(500)))
    await user.click(screen.getByRole('button', { name: 'Limpar dados de demonstração' }))
    await expectToast('Erro', 'Não foi possível limpar os dados de demonstração.')
  })

  it("asks to sign in before clearing when there is no session", async () => {
    renderWithProviders(<FeedEmpty algorithm="chronological" />, { session: 'signed-out' })
    const button = await screen.findByRole('button', { name: 'Limpar dados de demonstração' })
    await userEvent.setup().click(button)
    await expectToast('Erro', 'Você precisa estar logado para limpar dados.')
  })
})
