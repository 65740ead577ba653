/**
 * The names the browser's tab and history give the core's screens
 * (document.title, before the product's name). A screen named by what it
 * shows (a member's profile, a sign-in card whose heading is the logo) has
 * none here: its main heading names it.
 */
export const routeTitles = {
  auth: 'Entrar',
  oauthAuthorize: 'Autorizar aplicativo',
  resetPassword: 'Redefinir senha',
  emailUnsubscribe: 'Cancelar e-mails',
  feed: 'Início',
  search: 'Buscar',
  createPost: 'Criar post',
  post: 'Post',
  notifications: 'Notificações',
  settings: 'Configurações',
  notFound: 'Página não encontrada',
} as const
