import { describe, expect, it } from 'vitest'

import { emailError, handleError, passwordError, toHandle, validateSignUp } from './validation'

describe('sign-up rules', () => {
  it('accepts a valid form', () => {
    expect(
      validateSignUp({
        displayName: '  Ana   Souza ',
        handle: 'ana_1',
        email: 'ana@example.com',
        password: 'Segredo123',
        confirmPassword: 'Segredo123',
      }),
    ).toEqual({})
  })

  it.each([
    ['ana@example', 'Email inválido'],
    ['', 'Email inválido'],
    [`${'a'.repeat(250)}@example.com`, 'Email muito longo'],
  ])('email %s', (email, message) => {
    expect(emailError(email)).toBe(message)
  })

  it.each([
    ['Abc1234', 'Senha deve ter pelo menos 8 caracteres'],
    [`Aa1${'x'.repeat(126)}`, 'Senha deve ter no máximo 128 caracteres'],
    ['abcdefg1', 'Senha deve conter pelo menos: 1 letra minúscula, 1 maiúscula e 1 número'],
    ['ABCDEFG1', 'Senha deve conter pelo menos: 1 letra minúscula, 1 maiúscula e 1 número'],
    ['Abcdefgh', 'Senha deve conter pelo menos: 1 letra minúscula, 1 maiúscula e 1 número'],
  ])('password %s', (password, message) => {
    expect(passwordError(password)).toBe(message)
  })

  it('counts the display name after cleaning', () => {
    const base = { handle: 'ana', email: 'a@b.co', password: 'Segredo123', confirmPassword: 'Segredo123' }
    expect(validateSignUp({ ...base, displayName: '\u0000\t \n' }).displayName).toBe(
      'Nome não pode estar vazio após limpeza',
    )
    expect(validateSignUp({ ...base, displayName: 'a'.repeat(51) }).displayName).toBe(
      'Nome deve ter no máximo 50 caracteres',
    )
    expect(validateSignUp({ ...base, displayName: `  ${'a'.repeat(50)}  ` }).displayName).toBeUndefined()
  })

  it.each([
    ['ab', 'Nome de usuário deve ter entre 3 e 30 caracteres'],
    ['a'.repeat(31), 'Nome de usuário deve ter entre 3 e 30 caracteres'],
    ['Ana', 'Nome de usuário deve conter apenas letras minúsculas, números e _'],
    ['ana-souza', 'Nome de usuário deve conter apenas letras minúsculas, números e _'],
  ])('handle %s', (handle, message) => {
    expect(handleError(handle)).toBe(message)
  })

  it('turns typing into a handle', () => {
    expect(toHandle('Ana Souza_99!')).toBe('anasouza_99')
  })
})
