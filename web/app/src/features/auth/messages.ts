export const authMessages = {
  signInTab: 'Entrar',
  signUpTab: 'Cadastrar',
  email: 'Email',
  emailPlaceholder: 'seu@email.com',
  password: 'Senha',
  confirmPassword: 'Confirmar senha',
  displayName: 'Nome',
  handle: 'Nome de usuário',
  signInSubmit: 'Entrar',
  signInBusy: 'Entrando...',
  signUpSubmit: 'Cadastrar',
  signUpBusy: 'Cadastrando...',
} as const
