import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { testSessionBody } from '@/testing/fixtures'
import { renderApp, renderWithProviders } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { SignInForm } from './sign-in-form'

/** /auth through the real route table, guard and API client. */
function renderAuth(respond?: TestResponder, path = '/auth') {
  return renderApp(path, { session: 'signed-out', respond })
}

function answer(method: string, path: string, response: () => Response | Promise<Response>): TestResponder {
  return (request) => {
    if (request.method === method && new URL(request.url).pathname === path) return response()
    return undefined
  }
}

async function signIn(view: ReturnType<typeof renderAuth>, email = 'ana@example.com', password = 'Segredo123') {
  await view.user.type(await screen.findByLabelText('Email'), email)
  await view.user.type(screen.getByLabelText('Senha'), password)
  await view.user.click(screen.getByRole('button', { name: 'Entrar' }))
}

describe('AuthScreen', () => {
  it("opens on 'Entrar' with the logo linking home", async () => {
    renderAuth()
    expect(await screen.findByRole('tab', { name: 'Entrar', selected: true })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Cadastrar', selected: false })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'social' })).toHaveAttribute('href', '/')
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
    expect(screen.getByLabelText('Senha')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("switches to 'Cadastrar' and lays out the sign-up fields", async () => {
    const { user } = renderAuth()
    await user.click(await screen.findByRole('tab', { name: 'Cadastrar' }))
    for (const label of ['Nome', 'Nome de usuário', 'Email', 'Senha', 'Confirmar senha']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    }
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeEnabled()
  })

  it('says so when the confirmation link was bad (?confirmacao=invalida)', async () => {
    renderAuth(undefined, '/auth?confirmacao=invalida')
    expect(await screen.findByRole('alert')).toHaveTextContent('Link de confirmação inválido ou expirado.')
  })
})

describe('sign-in', () => {
  it("sends the cookie transport, starts the session and goes to '/'", async () => {
    const view = renderAuth(answer('POST', '/api/v1/auth/sign-in', () => json(200, testSessionBody)))
    await signIn(view, '  ana@example.com ')

    expect(await screen.findByRole('heading', { level: 1, name: 'Últimos posts' })).toBeInTheDocument()
    expect(view.router.state.location.pathname).toBe('/')
    const request = view.requests.find((r) => r.url.endsWith('/api/v1/auth/sign-in'))
    expect(request?.credentials).toBe('include')
    expect(await request?.json()).toEqual({
      email: 'ana@example.com',
      password: 'Segredo123',
      token_transport: 'cookie',
    })
    // The side bar shows who signed in.
    expect(screen.getByText('@ana')).toBeInTheDocument()
  })

  it("maps invalid_credentials to 'Erro' / 'Email ou senha incorretos.'", async () => {
    const view = renderAuth(
      answer('POST', '/api/v1/auth/sign-in', () =>
        problem(401, { code: 'invalid_credentials', title: 'Erro no login', detail: 'Email ou senha incorretos.' }),
      ),
    )
    await signIn(view)
    await expectToast('Erro', 'Email ou senha incorretos.')
    expect(view.router.state.location.pathname).toBe('/auth')
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled()
  })

  it("maps 429 to 'Muitas tentativas' with the server's wait text", async () => {
    const view = renderAuth(
      answer('POST', '/api/v1/auth/sign-in', () =>
        problem(
          429,
          { code: 'rate_limited', title: 'Muitas tentativas', detail: 'Aguarde 15 minutos antes de tentar novamente.' },
          { 'Retry-After': '900' },
        ),
      ),
    )
    await signIn(view)
    await expectToast('Muitas tentativas', 'Aguarde 15 minutos antes de tentar novamente.')
  })

  it("maps other server errors to 'Erro no login' with the server's message", async () => {
    const view = renderAuth(
      answer('POST', '/api/v1/auth/sign-in', () =>
        problem(500, { code: 'internal', title: 'Erro', detail: 'Serviço indisponível.' }),
      ),
    )
    await signIn(view)
    await expectToast('Erro no login', 'Serviço indisponível.')
  })

  it("maps a failure without a server answer to 'Erro inesperado. Tente novamente.'", async () => {
    const view = renderAuth(
      answer('POST', '/api/v1/auth/sign-in', () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await signIn(view)
    await expectToast('Erro', 'Erro inesperado. Tente novamente.')
  })

  it('shows the server per-field errors under the inputs', async () => {
    const view = renderAuth(
      answer('POST', '/api/v1/auth/sign-in', () =>
        problem(422, {
          code: 'invalid_input',
          detail: 'Por favor, corrija os erros antes de continuar.',
          errors: [{ location: 'body.email', message: 'Email inválido' }],
        }),
      ),
    )
    await signIn(view, 'ana@example')
    await expectToast('Erro no login', 'Por favor, corrija os erros antes de continuar.')
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email inválido')
  })

  it('explains an unconfirmed e-mail and offers to resend the link', async () => {
    const respond: TestResponder = (request) =>
      answer('POST', '/api/v1/auth/sign-in', () =>
        problem(403, {
          code: 'email_not_confirmed',
          title: 'Erro no login',
          detail: 'Confirme seu email antes de entrar. Verifique sua caixa de entrada.',
        }),
      )(request) ??
      answer('POST', '/api/v1/auth/confirm/resend', () =>
        json(202, { message: 'Se o email estiver cadastrado e ainda não confirmado, enviamos um novo link.' }),
      )(request)
    const view = renderAuth(respond)
    await signIn(view)

    const notice = await screen.findByText('Confirme seu email antes de entrar. Verifique sua caixa de entrada.')
    await view.user.click(screen.getByRole('button', { name: 'Reenviar email' }))
    await expectToast(
      'Se o email estiver cadastrado e ainda não confirmado, enviamos um novo link.',
      undefined,
      'success',
    )
    const resend = view.requests.find((r) => r.url.endsWith('/api/v1/auth/confirm/resend'))
    expect(await resend?.json()).toEqual({ email: 'ana@example.com' })
    expect(notice).toBeInTheDocument()
  })
})

describe('forgotten password', () => {
  it("asks for a link from 'Esqueci minha senha' and shows the server's answer", async () => {
    const message = 'Se o email estiver cadastrado, enviamos um link para redefinir a senha.'
    const { user, requests } = renderAuth(
      answer('POST', '/api/v1/auth/password/forgot', () => json(202, { message })),
    )
    await user.click(await screen.findByRole('button', { name: 'Esqueci minha senha' }))
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Enviar link' }))

    expect(await screen.findByRole('status')).toHaveTextContent(message)
    const request = requests.find((r) => r.url.endsWith('/api/v1/auth/password/forgot'))
    expect(await request?.json()).toEqual({ email: 'ana@example.com' })

    await user.click(screen.getByRole('button', { name: 'Voltar para o login' }))
    expect(screen.getByLabelText('Senha')).toBeInTheDocument()
  })
})

describe('SignInForm', () => {
  it("hands the values to onSubmit and reads 'Entrando...' while busy", async () => {
    let finish: () => void = () => undefined
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve
        }),
    )
    const { user } = renderWithProviders(<SignInForm onSubmit={onSubmit} />)

    await user.type(await screen.findByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Senha'), 'Segredo123')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    expect(onSubmit).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'Segredo123' })
    expect(screen.getByRole('button', { name: 'Entrando...' })).toBeDisabled()
    finish()
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeEnabled()
  })

  it('shows per-field errors under the inputs', async () => {
    renderWithProviders(<SignInForm errors={{ email: 'Email inválido' }} />)
    const email = await screen.findByLabelText('Email')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Email inválido')
    expect(within(email.closest('div') ?? document.body).getByText('Email inválido')).toBeInTheDocument()
  })
})
