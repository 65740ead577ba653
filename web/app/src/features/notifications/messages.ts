/** Every text of the notifications screen. */
export const notificationsMessages = {
  // Ours: the screen's heading, as the navigation names it.
  title: 'Notificações',

  // English on purpose: the screen's fixed copy.
  loggedOut: 'Please log in to view notifications',
  markAllRead: 'Mark all read',
  empty: 'No notifications yet',

  // Ours: the hint that likes and follows appear here.
  emptyHint: 'Quando alguém curtir seus posts ou começar a seguir você, as notificações aparecem aqui.',
  // Ours: accessible names and states.
  loading: 'Carregando notificações',
  listLabel: 'Lista de notificações',
  unreadBadge: (count: number) => (count === 1 ? '1 não lida' : `${count} não lidas`),
  unread: 'Não lida',
  typeLabel: {
    like: 'Curtida',
    comment: 'Comentário',
    follow: 'Novo seguidor',
    mention: 'Menção',
    system: 'Aviso do social',
    other: 'Notificação',
  },

  // Ours: the service's notices (type system), by notice. The server sends
  // the same texts (title, body); these are the screen's own.
  notices: {
    export_ready: {
      title: 'Seu arquivo de dados está pronto',
      body: 'Baixe-o em Configurações, na seção “Seus dados”, antes que expire.',
    },
    report_resolved: {
      title: 'Sua denúncia foi analisada',
      body: 'A moderação tomou medidas sobre o conteúdo que você denunciou. Obrigado por ajudar.',
    },
    post_removed: {
      title: 'A moderação removeu um post seu',
      body: 'O post violava as regras da comunidade.',
    },
    new_sign_in: {
      title: 'Novo acesso à sua conta',
      body: 'Se não foi você, troque sua senha e encerre as outras sessões.',
    },
  },
  /** The device of a new sign-in, before the notice's advice. */
  signInFrom: (device: string) => `Entrada em ${device}.`,
  /** What the removed post said, read before its excerpt. */
  removedPostLabel: 'Texto do post removido:',
} as const
