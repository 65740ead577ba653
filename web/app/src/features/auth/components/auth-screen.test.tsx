import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'

import { AuthScreen } from './auth-screen'
import { SignInForm } from './sign-in-form'

describe('AuthScreen', () => {
  it("opens on 'Entrar' with the logo linking home", async () => {
    renderWithProviders(<AuthScreen />, { session: 'signed-out' })
    expect(await screen.findByRole('tab', { name: 'Entrar', selected: true })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Cadastrar', selected: false })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'social' })).toHaveAttribute('href', '/')
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
    expect(screen.getByLabelText('Senha')).toBeInTheDocument()
    // Nothing to submit to until the accounts issue wires a handler.
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeDisabled()
  })

  it("switches to 'Cadastrar' and lays out the sign-up fields", async () => {
    const { user } = renderWithProviders(<AuthScreen />, { session: 'signed-out' })
    await user.click(await screen.findByRole('tab', { name: 'Cadastrar' }))
    for (const label of ['Nome', 'Nome de usuário', 'Email', 'Senha', 'Confirmar senha']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    }
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeDisabled()
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
  })
})
