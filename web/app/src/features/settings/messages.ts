/**
 * Every text of /settings. Its title is the navigation's 'Configurações'. The rest is ours.
 */
export const settingsMessages = {
  title: 'Configurações',
  sectionsLabel: 'Seções das configurações',

  // Conta.
  account: 'Conta',
  accountHint: 'Como você aparece para os outros e como entra na sua conta.',
  displayName: 'Nome',
  handle: 'Nome de usuário',
  handleValue: (handle: string) => `@${handle}`,
  email: 'Email',
  editProfile: 'Editar perfil',

  // Privacidade e segurança.
  privacy: 'Privacidade e segurança',
  privacyPosts: 'Cada post tem sua própria visibilidade, escolhida ao publicar: Público ou Apenas seguidores.',
  privacyImages: 'Ao publicar uma imagem, você pode descrevê-la para quem usa leitor de tela.',
  privacyMessages: 'Quem pode te enviar mensagens diretas se ajusta na tela de Mensagens.',
  openMessages: 'Abrir Mensagens',

  // Sessões.
  sessions: 'Sessões',
  sessionsHint: 'Os aparelhos e navegadores conectados à sua conta. Encerre qualquer sessão que você não reconheça.',
  sessionsList: 'Sessões ativas',
  loadingSessions: 'Carregando sessões',
  loadFailed: 'Não foi possível carregar suas sessões.',
  retry: 'Tentar novamente',
  thisSession: 'Esta sessão',
  network: (network: string) => `Rede ${network}`,
  lastUsed: (when: string) => `Último uso ${when}`,
  signedInAt: (date: string) => `Entrou em ${date}`,
  endSession: 'Encerrar esta sessão',
  endSessionOf: (device: string) => `Encerrar a sessão ${device}`,
  ending: 'Encerrando...',
  endOthers: 'Encerrar todas as outras',
  endingOthers: 'Encerrando as outras...',
  onlyThisSession: 'Sua conta está conectada só nesta sessão.',
  sessionEnded: 'Sessão encerrada',
  sessionEndedDescription: 'Ela foi desconectada em todos os lugares.',
  othersEnded: (count: number) =>
    count === 1 ? '1 sessão encerrada' : `${String(count)} sessões encerradas`,
  othersEndedDescription: 'Só esta sessão continua conectada.',
  endFailed: 'Não foi possível encerrar a sessão.',
  offline: 'Sem conexão: as sessões só podem ser encerradas com internet.',

  // Seus dados.
  data: 'Seus dados',
  dataKept:
    'Guardamos seu perfil, seus posts, comentários, curtidas, quem você segue e suas mensagens enquanto sua conta existir.',
  dataSessions:
    'De cada sessão guardamos só o navegador e o início do endereço de rede, nunca o endereço completo, até ela terminar.',
} as const
