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
    other: 'Notificação',
  },
} as const
