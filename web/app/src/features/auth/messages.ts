/** Every pt-BR text of sign-in, sign-up, confirmation and password recovery. */
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

  // Validation of the sign-up form (the server sends the same texts).
  emailInvalid: 'Email inválido',
  emailTooLong: 'Email muito longo',
  passwordTooShort: 'Senha deve ter pelo menos 8 caracteres',
  passwordTooLong: 'Senha deve ter no máximo 128 caracteres',
  passwordWeak: 'Senha deve conter pelo menos: 1 letra minúscula, 1 maiúscula e 1 número',
  passwordMismatch: 'As senhas não coincidem.',
  displayNameEmpty: 'Nome não pode estar vazio após limpeza',
  displayNameTooLong: 'Nome deve ter no máximo 50 caracteres',
  handleCharacters: 'Nome de usuário deve conter apenas letras minúsculas, números e _',
  handleLength: 'Nome de usuário deve ter entre 3 e 30 caracteres',

  // Toasts.
  errorTitle: 'Erro',
  invalidFormTitle: 'Dados inválidos',
  invalidFormDescription: 'Por favor, corrija os erros antes de continuar.',
  emailTaken: 'Este email já está cadastrado. Tente fazer login.',
  signUpErrorTitle: 'Erro no cadastro',
  unexpectedError: 'Erro inesperado. Tente novamente.',
  invalidCredentials: 'Email ou senha incorretos.',
  signInErrorTitle: 'Erro no login',
  rateLimitedTitle: 'Muitas tentativas',

  // E-mail confirmation.
  checkYourEmail: 'Verifique seu email para confirmar a conta.',
  resendEmail: 'Reenviar email',
  confirmationInvalid: 'Link de confirmação inválido ou expirado.',

  // Password recovery.
  forgotPassword: 'Esqueci minha senha',
  forgotSubmit: 'Enviar link',
  forgotBusy: 'Enviando...',
  backToSignIn: 'Voltar para o login',
  resetTitle: 'Redefinir senha',
  newPassword: 'Nova senha',
  resetSubmit: 'Redefinir senha',
  resetBusy: 'Redefinindo...',
  resetLinkInvalid: 'Link inválido ou expirado.',
} as const
