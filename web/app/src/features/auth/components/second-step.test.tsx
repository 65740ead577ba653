import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { testSessionBody } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'

const pending = {
  challenge: 'desafio',
  expires_at: '2026-12-26T12:05:00Z',
  methods: ['totp', 'recovery_code'],
}

function respond(secondStep: (body: Record<string, unknown>) => Response): TestResponder {
  return (request) => {
    const path = new URL(request.url).pathname
    if (request.method === 'POST' && path === '/api/v1/auth/sign-in') return json(202, pending)
    if (request.method === 'POST' && path === '/api/v1/auth/second-step') {
      return request
        .clone()
        .json()
        .then((body) => secondStep(body as Record<string, unknown>))
    }
    return undefined
  }
}

async function signIn(view: ReturnType<typeof renderApp>) {
  await view.user.type(await screen.findByLabelText('Email'), 'ana@example.com')
  await view.user.type(screen.getByLabelText('Senha'), 'Segredo123')
  await view.user.click(screen.getByRole('button', { name: 'Entrar' }))
}

describe('the second step of sign-in', () => {
  it('asks for the code, refuses a wrong one, and signs in with the right one', async () => {
    const view = renderApp('/auth', {
      session: 'signed-out',
      respond: respond((body) =>
        body.code === '123456'
          ? json(200, testSessionBody)
          : problem(401, { code: 'invalid_second_step_code', title: 'Erro', detail: 'Código inválido. Confira o código e tente novamente.' }),
      ),
    })
    await signIn(view)
    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeInTheDocument()
    // No session yet: still on /auth.
    expect(view.router.state.location.pathname).toBe('/auth')

    await view.user.type(screen.getByLabelText('Código do aplicativo'), '000000')
    await view.user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByText('Código inválido. Confira o código e tente novamente.')).toBeInTheDocument()
    expect(view.router.state.location.pathname).toBe('/auth')

    await view.user.clear(screen.getByLabelText('Código do aplicativo'))
    await view.user.type(screen.getByLabelText('Código do aplicativo'), '123456')
    await view.user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Últimos posts' })).toBeInTheDocument()
    const sent = view.requests.filter((r) => r.url.endsWith('/api/v1/auth/second-step'))
    expect(await sent[1]?.json()).toEqual({ challenge: 'desafio', code: '123456', token_transport: 'cookie' })
  })

  it('takes a recovery code instead', async () => {
    const view = renderApp('/auth', {
      session: 'signed-out',
      respond: respond((body) => (body.recovery_code === 'ABCDE-FGHJK' ? json(200, testSessionBody) : json(500, {}))),
    })
    await signIn(view)
    await view.user.click(await screen.findByRole('button', { name: 'Usar um código de recuperação' }))
    await view.user.type(screen.getByLabelText('Código de recuperação'), 'ABCDE-FGHJK')
    await view.user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Últimos posts' })).toBeInTheDocument()
  })
})
