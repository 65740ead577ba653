/**
 * Every text of the apps a member connects: the consent screen of
 * /oauth/authorize and the 'Aplicativos conectados' section of /settings.
 */
export const oauthMessages = {
  // The consent screen.
  pageTitle: 'Autorizar aplicativo',
  loading: 'Carregando o pedido do aplicativo',
  heading: (app: string) => `${app} quer acessar sua conta`,
  website: 'Site do aplicativo',
  signedInAs: 'Você está conectado como',
  handle: (handle: string) => `@${handle}`,
  mayDo: 'Se você autorizar, este aplicativo poderá:',
  returnsTo: (uri: string) => `Depois, você volta para ${uri}`,
  trust: 'Só autorize aplicativos em que você confia. Você pode revogar o acesso a qualquer momento em Configurações.',
  authorize: 'Autorizar',
  authorizing: 'Autorizando...',
  deny: 'Negar',
  denying: 'Negando...',
  failed: 'Não foi possível continuar',
  requestFailed: 'Este pedido de autorização não é válido.',
  retry: 'Tentar novamente',
  decisionFailed: 'Não foi possível registrar sua decisão. Tente novamente.',
  codeHeading: 'Aplicativo autorizado',
  codeHint: 'Copie este código e cole no aplicativo para concluir:',
  codeLabel: 'Código de autorização',
  copy: 'Copiar código',
  copied: 'Código copiado',
  deniedHeading: 'Acesso negado',
  deniedHint: 'O aplicativo não recebeu acesso à sua conta. Você já pode fechar esta página.',
  redirecting: 'Voltando para o aplicativo...',
  backHome: 'Ir para o início',

  // Settings' section.
  section: 'Aplicativos conectados',
  sectionHint: 'Aplicativos que você autorizou a usar sua conta. Revogue o acesso de qualquer um que você não use mais.',
  list: 'Aplicativos autorizados',
  loadingApps: 'Carregando aplicativos',
  loadFailed: 'Não foi possível carregar seus aplicativos.',
  none: 'Nenhum aplicativo conectado. Quando você autorizar um aplicativo a usar sua conta, ele aparece aqui.',
  authorizedAt: (date: string) => `Autorizado em ${date}`,
  lastUsed: (when: string) => `Último uso ${when}`,
  neverUsed: 'Ainda não usado',
  permissions: 'Permissões',
  revoke: 'Revogar',
  revoking: 'Revogando...',
  confirmTitle: (app: string) => `Revogar o acesso de ${app}?`,
  confirmText: 'O aplicativo deixa de acessar sua conta na hora. Para usá-lo de novo, você precisará autorizá-lo outra vez.',
  cancel: 'Cancelar',
  close: 'Fechar',
  revoked: 'Acesso revogado',
  revokeFailed: 'Não foi possível revogar o acesso.',
  offline: 'Você está sem conexão. Revogar volta a funcionar quando a conexão voltar.',
} as const

/** What each scope lets an app do, as the member reads it. */
const scopeTexts: Record<string, string> = {
  read: 'Ver tudo da sua conta: posts, perfil, seguidores, notificações, bloqueios e silenciados',
  'read:accounts': 'Ver seu perfil e o de outras pessoas',
  'read:blocks': 'Ver quem você bloqueou',
  'read:bookmarks': 'Ver seus itens salvos',
  'read:favourites': 'Ver os posts que você curtiu',
  'read:filters': 'Ver suas palavras silenciadas',
  'read:follows': 'Ver quem você segue',
  'read:lists': 'Ver suas listas',
  'read:mutes': 'Ver quem você silenciou',
  'read:notifications': 'Ver suas notificações',
  'read:search': 'Pesquisar usando sua conta',
  'read:statuses': 'Ver posts, inclusive os só para seguidores que você pode ver',
  write: 'Agir em seu nome: publicar, curtir, seguir, editar seu perfil e mais',
  'write:accounts': 'Editar seu perfil',
  'write:blocks': 'Bloquear e desbloquear pessoas',
  'write:bookmarks': 'Salvar e remover itens salvos',
  'write:conversations': 'Gerenciar suas conversas',
  'write:favourites': 'Curtir e descurtir posts',
  'write:filters': 'Mudar suas palavras silenciadas',
  'write:follows': 'Seguir e deixar de seguir pessoas',
  'write:lists': 'Gerenciar suas listas',
  'write:media': 'Enviar imagens e vídeos',
  'write:mutes': 'Silenciar e deixar de silenciar pessoas',
  'write:notifications': 'Limpar suas notificações',
  'write:reports': 'Denunciar posts e pessoas',
  'write:statuses': 'Publicar, editar e apagar posts',
  follow: 'Ver e mudar quem você segue, bloqueia e silencia',
  push: 'Enviar notificações para o seu aparelho',
  profile: 'Ver só o seu perfil básico: nome, nome de usuário e foto',
}

/** The member's reading of a scope; an unknown one is shown as it came. */
export function scopeText(scope: string): string {
  return scopeTexts[scope] ?? scope
}
