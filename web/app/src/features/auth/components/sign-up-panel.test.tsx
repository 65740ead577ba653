import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const valid = {
  Nome: 'Ana Souza',
  'Nome de usuário': 'ana_souza',
  Email: 'ana@example.com',
  Senha: 'Segredo123',
  'Confirmar senha': 'Segredo123',
}

function signUpAnswer(response: () => Response | Promise<Response>): TestResponder {
  return (request) =>
    request.method === 'POST' && new URL(request.url).pathname === '/api/v1/auth/sign-up' ? response() : undefined
}

async function openSignUp(respond?: TestResponder) {
  const view = renderApp('/auth', { session: 'signed-out', respond })
  await view.user.click(await screen.findByRole('tab', { name: 'Cadastrar' }))
  return view
}

async function fill(view: Awaited<ReturnType<typeof openSignUp>>, values: Partial<Record<keyof typeof valid, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label)
    await view.user.clear(input)
    if (value) await view.user.type(input, value)
  }
}

async function submit(view: Awaited<ReturnType<typeof openSignUp>>) {
  await view.user.click(screen.getByRole('button', { name: 'Cadastrar' }))
}

const signUps = (requests: Request[]) => requests.filter((r) => r.url.endsWith('/api/v1/auth/sign-up'))

describe('sign-up form', () => {
  it('lowercases the handle and strips what is not a-z, 0-9 or _ while typing', async () => {
    const view = await openSignUp()
    const handle = screen.getByLabelText('Nome de usuário')
    await view.user.type(handle, 'Ana.Souza!_1 ção')
    expect(handle).toHaveValue('anasouza_1o')
  })

  it("checks every rule before sending and says 'Dados inválidos'", async () => {
    const view = await openSignUp()
    await fill(view, {
      Nome: '   ',
      'Nome de usuário': 'ab',
      Email: 'ana@',
      Senha: 'curta',
      'Confirmar senha': 'outra',
    })
    await submit(view)

    await expectToast('Dados inválidos', 'Por favor, corrija os erros antes de continuar.')
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Nome não pode estar vazio após limpeza')
    expect(screen.getByLabelText('Nome de usuário')).toHaveAccessibleDescription(
      'Nome de usuário deve ter entre 3 e 30 caracteres',
    )
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email inválido')
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('Senha deve ter pelo menos 8 caracteres')
    expect(screen.getByLabelText('Confirmar senha')).toHaveAccessibleDescription('As senhas não coincidem.')
    expect(signUps(view.requests)).toHaveLength(0)
  })

  it('asks for a lowercase letter, an uppercase letter and a digit', async () => {
    const view = await openSignUp()
    await fill(view, { ...valid, Senha: 'semnumeros', 'Confirmar senha': 'semnumeros' })
    await submit(view)
    expect(await screen.findByLabelText('Senha')).toHaveAccessibleDescription(
      'Senha deve conter pelo menos: 1 letra minúscula, 1 maiúscula e 1 número',
    )
  })

  it("sends the values, then shows 'Verifique seu email…' with 'Reenviar email'", async () => {
    const respond: TestResponder = (request) =>
      signUpAnswer(() => json(201, { message: 'Verifique seu email para confirmar a conta.' }))(request) ??
      (request.url.endsWith('/api/v1/auth/confirm/resend')
        ? problem(429, {
            code: 'rate_limited',
            title: 'Muitas tentativas',
            detail: 'Aguarde 1 minuto antes de pedir outro email.',
          })
        : undefined)
    const view = await openSignUp(respond)
    await fill(view, valid)
    await submit(view)

    expect(await screen.findByText('Verifique seu email para confirmar a conta.')).toBeInTheDocument()
    expect(await signUps(view.requests)[0]?.json()).toEqual({
      email: 'ana@example.com',
      password: 'Segredo123',
      password_confirmation: 'Segredo123',
      display_name: 'Ana Souza',
      handle: 'ana_souza',
    })
    await view.user.click(screen.getByRole('button', { name: 'Reenviar email' }))
    await expectToast('Muitas tentativas', 'Aguarde 1 minuto antes de pedir outro email.')
  })

  it("reads 'Cadastrando...' while the server answers", async () => {
    const view = await openSignUp(signUpAnswer(() => new Promise<Response>(() => undefined)))
    await fill(view, valid)
    await submit(view)
    expect(await screen.findByRole('button', { name: 'Cadastrando...' })).toBeDisabled()
  })
})

describe('sign-up server errors', () => {
  it("maps email_taken to 'Este email já está cadastrado. Tente fazer login.'", async () => {
    const view = await openSignUp(
      signUpAnswer(() =>
        problem(409, { code: 'email_taken', detail: 'Este email já está cadastrado. Tente fazer login.' }),
      ),
    )
    await fill(view, valid)
    await submit(view)
    await expectToast('Erro', 'Este email já está cadastrado. Tente fazer login.')
  })

  it("maps other server errors to 'Erro no cadastro' with the server's message, fields under the inputs", async () => {
    const view = await openSignUp(
      signUpAnswer(() =>
        problem(409, {
          code: 'handle_taken',
          detail: 'Este nome de usuário já está em uso.',
          errors: [{ location: 'body.handle', message: 'Este nome de usuário já está em uso.' }],
        }),
      ),
    )
    await fill(view, valid)
    await submit(view)
    await expectToast('Erro no cadastro', 'Este nome de usuário já está em uso.')
    expect(screen.getByLabelText('Nome de usuário')).toHaveAccessibleDescription('Este nome de usuário já está em uso.')
  })

  it("maps invalid_input to 'Dados inválidos' and puts each message under its input", async () => {
    const view = await openSignUp(
      signUpAnswer(() =>
        problem(422, {
          code: 'invalid_input',
          title: 'Dados inválidos',
          detail: 'Por favor, corrija os erros antes de continuar.',
          errors: [
            { location: 'body.email', message: 'Email inválido' },
            { location: 'body.password_confirmation', message: 'As senhas não coincidem.' },
            { location: 'body.display_name', message: 'Nome deve ter no máximo 50 caracteres' },
          ],
        }),
      ),
    )
    await fill(view, valid)
    await submit(view)
    await expectToast('Dados inválidos', 'Por favor, corrija os erros antes de continuar.')
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email inválido')
    expect(screen.getByLabelText('Confirmar senha')).toHaveAccessibleDescription('As senhas não coincidem.')
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Nome deve ter no máximo 50 caracteres')
  })

  it("maps 429 to 'Muitas tentativas' with 'Aguarde 5 minutos…'", async () => {
    const view = await openSignUp(
      signUpAnswer(() =>
        problem(429, {
          code: 'rate_limited',
          title: 'Muitas tentativas',
          detail: 'Aguarde 5 minutos antes de tentar novamente.',
        }),
      ),
    )
    await fill(view, valid)
    await submit(view)
    await expectToast('Muitas tentativas', 'Aguarde 5 minutos antes de tentar novamente.')
  })

  it("maps an answer that is no problem document to 'Erro inesperado. Tente novamente.'", async () => {
    const view = await openSignUp(
      signUpAnswer(
        () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      ),
    )
    await fill(view, valid)
    await submit(view)
    await expectToast('Erro', 'Erro inesperado. Tente novamente.')
  })
})
