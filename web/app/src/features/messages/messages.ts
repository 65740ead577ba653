/**
 * Every text of the messages screens, the profile's message button, the
 * navigation badge and the row in /settings. The screen's fixed copy is in English on purpose; the
 * rest is ours, in pt-BR.
 */
export const messagesMessages = {
  // The side bar's entry and its unread counter.
  navLabel: 'Mensagens',
  unreadLabel: (count: number) => (count === 1 ? '1 mensagem não lida' : `${count} mensagens não lidas`),
  // The /messages screen.
  title: 'Messages',
  loggedOut: 'Please log in to view messages',
  searchLabel: 'Search conversations',
  searchPlaceholder: 'Search conversations...',
  empty: 'No conversations yet',
  findPeople: 'Find People to Message',

  // Ours: the inbox.
  conversationsLabel: 'Conversas',
  loading: 'Carregando conversas',
  loadFailed: 'Não foi possível carregar as conversas.',
  retry: 'Tentar novamente',
  loadMore: 'Carregar mais',
  noResults: 'Nenhuma conversa encontrada',
  noResultsHint: 'Tente buscar por outro nome ou @usuário.',
  you: (text: string) => `Você: ${text}`,
  unread: (count: number) => (count === 1 ? '1 mensagem não lida' : `${String(count)} mensagens não lidas`),

  // Ours: one conversation.
  back: 'Voltar para Mensagens',
  notFound: 'Conversa não encontrada',
  notFoundHint: 'A conversa não existe ou você não participa dela.',
  conversationFailed: 'Não foi possível carregar a conversa.',
  messagesLabel: (name: string) => `Mensagens com ${name}`,
  older: 'Carregar mensagens anteriores',
  startHint: (name: string) => `Comece a conversa com ${name}.`,
  messageLabel: 'Mensagem',
  messagePlaceholder: 'Digite sua mensagem...',
  send: 'Enviar',
  counter: (length: number, max: number) => `${String(length)}/${String(max)}`,
  seen: 'Visto',
  restricted: 'Esta pessoa só recebe mensagens de quem ela segue.',
  sendFailedTitle: 'Erro ao enviar mensagem',
  sendFailed: 'Não foi possível enviar a mensagem',

  // Ours: the row of /settings' privacy section.
  settingsHint: 'Quem pode te enviar mensagens diretas se ajusta na tela de Mensagens.',
  openMessages: 'Abrir Mensagens',

  // Ours: the profile's message button.
  messageButton: (handle: string) => `Enviar mensagem para @${handle}`,
  startFailedTitle: 'Não foi possível abrir a conversa',
  startFailed: 'Tente novamente em instantes.',

  // Ours: who may message the member.
  onlyFollowing: 'Receber mensagens só de quem eu sigo',
  onlyFollowingHint: 'Quem você não segue não poderá iniciar conversas nem enviar mensagens para você.',
  settingsSaved: 'Preferência salva',
  settingsFailed: 'Não foi possível salvar a preferência.',
} as const

/** The longest message the server takes, in characters. */
export const MAX_MESSAGE_LENGTH = 1000
