/** Every text of blocks, mutes and muted words: the profile's and the post's menus, and their /settings lists. */
export const safetyMessages = {
  // Menus.
  moreOptions: (handle: string) => `Mais opções para @${handle}`,
  block: (handle: string) => `Bloquear @${handle}`,
  unblock: (handle: string) => `Desbloquear @${handle}`,
  mute: (handle: string) => `Silenciar @${handle}`,
  unmute: (handle: string) => `Deixar de silenciar @${handle}`,

  blockDomain: 'Bloquear domínio',

  // Block confirmation.
  blockTitle: (handle: string) => `Bloquear @${handle}?`,
  blockDescription:
    'Vocês deixam de ver os posts, comentários, stories e o perfil um do outro e não podem se seguir, curtir, comentar, mencionar ou mandar mensagem. Quem segue quem deixa de seguir. A pessoa não é avisada.',
  blockConfirm: 'Bloquear',
  blockDomainTitle: (domain: string) => `Bloquear o domínio ${domain}?`,
  blockDomainDescription:
    'Ninguém desse servidor verá você, nem você os verá: posts, comentários, menções e notificações somem, e quem segue quem deixa de seguir. Você pode desbloquear em Configurações, Privacidade e segurança.',
  blocking: 'Bloqueando...',
  cancel: 'Cancelar',

  // Toasts.
  blocked: 'Membro bloqueado',
  blockedDescription: (handle: string) => `Você não verá mais @${handle}, nem @${handle} verá você.`,
  unblocked: 'Membro desbloqueado',
  unblockedDescription: (handle: string) =>
    `Vocês voltam a poder interagir. Para seguir @${handle} de novo, é só seguir.`,
  muted: 'Membro silenciado',
  mutedDescription: (handle: string) => `Os posts e notificações de @${handle} não aparecem mais para você.`,
  unmuted: 'Membro não está mais silenciado',
  unmutedDescription: (handle: string) => `Os posts de @${handle} voltam a aparecer para você.`,
  failed: 'Não foi possível executar esta ação. Tente novamente.',

  // Profile of a member the viewer blocks.
  youBlocked: (handle: string) => `Você bloqueou @${handle}`,
  youBlockedHint: 'Vocês não veem os posts nem os detalhes do perfil um do outro.',
  youMute: (handle: string) => `Você silenciou @${handle}: os posts dessa pessoa não aparecem nos seus feeds.`,

  // /settings, 'Privacidade e segurança'.
  blockedList: 'Membros bloqueados',
  blockedListHint: 'Ninguém daqui vê você, nem você os vê.',
  loadingBlocked: 'Carregando membros bloqueados',
  noBlocked: 'Você não bloqueou ninguém.',
  mutedList: 'Membros silenciados',
  mutedListHint: 'Os posts e notificações deles não aparecem para você. Eles não são avisados.',
  loadingMuted: 'Carregando membros silenciados',
  noMuted: 'Você não silenciou ninguém.',
  listFailed: 'Não foi possível carregar a lista.',
  retry: 'Tentar novamente',
  loadMore: 'Carregar mais',
  loadingMore: 'Carregando...',
  undoBlock: 'Desbloquear',
  undoMute: 'Deixar de silenciar',
  undoBlockOf: (handle: string) => `Desbloquear @${handle}`,
  undoMuteOf: (handle: string) => `Deixar de silenciar @${handle}`,
  handle: (handle: string) => `@${handle}`,

  // Muted words.
  mutedWords: 'Palavras silenciadas',
  mutedWordsHint:
    'Posts, comentários e notificações com estas palavras ou expressões somem dos seus feeds. Maiúsculas e acentos não importam.',
  wordLabel: 'Palavra ou expressão',
  wordPlaceholder: 'Ex.: spoiler',
  durationLabel: 'Por quanto tempo',
  durations: {
    '24h': '24 horas',
    '7d': '7 dias',
    '30d': '30 dias',
    forever: 'Para sempre',
  },
  addWord: 'Silenciar palavra',
  addingWord: 'Silenciando...',
  wordAdded: 'Palavra silenciada',
  wordAddedDescription: (word: string) => `Posts com “${word}” não aparecem mais para você.`,
  wordRemoved: 'Palavra liberada',
  loadingWords: 'Carregando palavras silenciadas',
  noWords: 'Nenhuma palavra silenciada.',
  wordsList: 'Palavras silenciadas',
  removeWord: (word: string) => `Remover “${word}”`,
  until: (date: string) => `Até ${date}`,
  forever: 'Para sempre',
  wordsCount: (count: number, max: number) => `${String(count)} de ${String(max)}`,
  wordTooLong: 'A palavra ou expressão pode ter no máximo 100 caracteres.',
  wordEmpty: 'Digite uma palavra ou expressão para silenciar.',

  // Blocked servers (domains).
  domainsList: 'Servidores bloqueados',
  domainsListHint:
    'Ninguém desses servidores vê você, nem você os vê: posts, comentários, menções e notificações somem, e quem segue quem deixa de seguir.',
  domainLabel: 'Domínio do servidor',
  domainPlaceholder: 'Ex.: exemplo.social',
  addDomain: 'Bloquear servidor',
  addingDomain: 'Bloqueando...',
  domainAdded: 'Servidor bloqueado',
  domainAddedDescription: (domain: string) => `Você não verá mais ninguém de ${domain}.`,
  domainRemoved: 'Servidor desbloqueado',
  loadingDomains: 'Carregando servidores bloqueados',
  noDomains: 'Você não bloqueou nenhum servidor.',
  removeDomain: (domain: string) => `Desbloquear ${domain}`,
  domainEmpty: 'Digite o domínio do servidor que você quer bloquear.',
  domainInvalid: 'Digite um domínio válido, como exemplo.social.',
  domainTooLong: 'O domínio pode ter no máximo 253 caracteres.',
} as const

/** The limits the server enforces on muted words (it answers with a code past them). */
export const MUTED_WORDS_MAX = 100
export const MUTED_WORD_MAX_LENGTH = 100

/** The longest domain name the server takes (RFC 1035), without its port. */
export const DOMAIN_MAX_LENGTH = 253
