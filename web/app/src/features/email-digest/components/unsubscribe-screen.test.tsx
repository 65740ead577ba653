import { onlineManager } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'

const unsubscribePath = '/api/v1/notifications/email-digest/unsubscribe'
const token = 'TFcM_Cbk2Bq4eebGWbTXzj8UAESu9hUfkBneLKU4GOs'

function answer(response: () => Response): TestResponder {
  return (request) =>
    request.method === 'POST' && new URL(request.url).pathname === unsubscribePath ? response() : undefined
}

function unsubscribeRequests(view: ReturnType<typeof renderApp>) {
  return view.requests.filter((r) => new URL(r.url).pathname === unsubscribePath)
}

afterEach(() => {
  onlineManager.setOnline(true)
})

describe('UnsubscribeScreen (/email/unsubscribe#t=…)', () => {
  it('posts the token from the fragment in the body, never in the URL, and clears the fragment', async () => {
    const view = renderApp(`/email/unsubscribe#t=${token}`, {
      session: 'signed-out',
      respond: answer(() => new Response(null, { status: 204 })),
    })
    expect(await screen.findByText('Você não receberá mais o resumo semanal por e-mail.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Resumo semanal por e-mail' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Abrir Configurações' })).toHaveAttribute('href', '/settings')
    const sent = unsubscribeRequests(view)
    expect(sent).toHaveLength(1)
    expect(await sent[0]?.json()).toEqual({ token })
    for (const r of view.requests) expect(r.url).not.toContain(token)
    expect(view.router.state.location.hash).toBe('')
    expect(view.router.state.location.pathname).toBe('/email/unsubscribe')
  })

  it("shows the server's pt-BR reason when the link is refused", async () => {
    const detail = 'Este link de cancelamento expirou. Desative o resumo semanal em Configurações > Notificações.'
    renderApp(`/email/unsubscribe#t=${token}`, {
      session: 'signed-out',
      respond: answer(() => problem(422, { code: 'digest_link_expired', detail })),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(detail)
    expect(screen.queryByText('Você não receberá mais o resumo semanal por e-mail.')).not.toBeInTheDocument()
  })

  it('without a token it sends nothing and says the link is incomplete', async () => {
    const view = renderApp('/email/unsubscribe', { session: 'signed-out' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link de cancelamento está incompleto.')
    expect(unsubscribeRequests(view)).toHaveLength(0)
  })

  it('offers a retry when the server could not answer', async () => {
    let calls = 0
    const view = renderApp(`/email/unsubscribe#t=${token}`, {
      session: 'signed-out',
      respond: answer(() => {
        calls += 1
        return calls === 1 ? json(500, { title: 'Erro', status: 500 }) : new Response(null, { status: 204 })
      }),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível cancelar o resumo agora.')
    await view.user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Você não receberá mais o resumo semanal por e-mail.')).toBeInTheDocument()
    expect(unsubscribeRequests(view)).toHaveLength(2)
  })

  it('offline, it waits for the network before sending', async () => {
    onlineManager.setOnline(false)
    const view = renderApp(`/email/unsubscribe#t=${token}`, {
      session: 'signed-out',
      respond: answer(() => new Response(null, { status: 204 })),
    })
    expect(await screen.findByText('Sem conexão: o resumo será cancelado quando você estiver on-line.')).toBeInTheDocument()
    expect(unsubscribeRequests(view)).toHaveLength(0)
    act(() => {
      onlineManager.setOnline(true)
    })
    expect(await screen.findByText('Você não receberá mais o resumo semanal por e-mail.')).toBeInTheDocument()
    expect(unsubscribeRequests(view)).toHaveLength(1)
  })
})
