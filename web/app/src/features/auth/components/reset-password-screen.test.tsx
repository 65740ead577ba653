import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

function resetAnswer(response: () => Response): TestResponder {
  return (request) =>
    request.method === 'POST' && new URL(request.url).pathname === '/api/v1/auth/password/reset'
      ? response()
      : undefined
}

async function fillAndSubmit(view: ReturnType<typeof renderApp>, password: string, confirmation = password) {
  await view.user.type(await screen.findByLabelText('Nova senha'), password)
  await view.user.type(screen.getByLabelText('Confirmar senha'), confirmation)
  await view.user.click(screen.getByRole('button', { name: 'Redefinir senha' }))
}

describe('ResetPasswordScreen (/auth/reset?token=…)', () => {
  it('sends the token with the new password, then goes to /auth with the server message', async () => {
    const view = renderApp('/auth/reset?token=tok-123', {
      session: 'signed-out',
      respond: resetAnswer(() => json(200, { message: 'Senha redefinida. Entre com a nova senha.' })),
    })
    await fillAndSubmit(view, 'NovaSenha1')

    await expectToast('Senha redefinida. Entre com a nova senha.', undefined, 'success')
    expect(await screen.findByRole('tab', { name: 'Entrar', selected: true })).toBeInTheDocument()
    expect(view.router.state.location.pathname).toBe('/auth')
    const request = view.requests.find((r) => r.url.endsWith('/api/v1/auth/password/reset'))
    expect(await request?.json()).toEqual({
      token: 'tok-123',
      password: 'NovaSenha1',
      password_confirmation: 'NovaSenha1',
    })
  })

  it('checks the password rules and the confirmation before sending', async () => {
    const view = renderApp('/auth/reset?token=tok-123', { session: 'signed-out' })
    await fillAndSubmit(view, 'NovaSenha1', 'NovaSenha2')
    expect(screen.getByLabelText('Confirmar senha')).toHaveAccessibleDescription('As senhas não coincidem.')
    await expectToast('Dados inválidos', 'Por favor, corrija os erros antes de continuar.')
    expect(view.requests.some((r) => r.url.endsWith('/api/v1/auth/password/reset'))).toBe(false)
  })

  it("says 'Link inválido ou expirado.' when the server refuses the token", async () => {
    const view = renderApp('/auth/reset?token=old', {
      session: 'signed-out',
      respond: resetAnswer(() => problem(400, { code: 'invalid_token', detail: 'Link inválido ou expirado.' })),
    })
    await fillAndSubmit(view, 'NovaSenha1')
    await expectToast('Erro', 'Link inválido ou expirado.')
    expect(view.router.state.location.pathname).toBe('/auth/reset')
  })

  it('shows the server per-field errors under the inputs', async () => {
    const view = renderApp('/auth/reset?token=tok', {
      session: 'signed-out',
      respond: resetAnswer(() =>
        problem(422, {
          code: 'invalid_input',
          detail: 'Por favor, corrija os erros antes de continuar.',
          errors: [{ location: 'body.password', message: 'Senha deve ter no máximo 128 caracteres' }],
        }),
      ),
    })
    await fillAndSubmit(view, 'NovaSenha1')
    expect(await screen.findByLabelText('Nova senha')).toHaveAccessibleDescription(
      'Senha deve ter no máximo 128 caracteres',
    )
  })

  it('without a token there is nothing to reset', async () => {
    renderApp('/auth/reset', { session: 'signed-out' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Link inválido ou expirado.')
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/auth')
  })
})
