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

  // Seus dados: a cópia dos dados.
  exportTitle: 'Baixar uma cópia dos seus dados',
  exportHint:
    'Um arquivo .zip com seu perfil, posts, comentários, curtidas, quem você segue e quem te segue, comunidades, stories, mensagens diretas e as fotos e vídeos que você enviou.',
  loadingExport: 'Carregando o arquivo de dados',
  exportLoadFailed: 'Não foi possível ver o andamento do seu arquivo de dados.',
  requestExport: 'Pedir meus dados',
  requestAgain: 'Pedir um novo arquivo',
  requesting: 'Pedindo...',
  requestFailed: 'Não foi possível pedir seus dados.',
  exportQueued: 'Pedido recebido. O arquivo começa a ser preparado em instantes.',
  exportBuilding: (step: string) => `Preparando ${step}...`,
  exportProgress: 'Preparo do arquivo de dados',
  exportPercent: (percent: number) => `${String(percent)}%`,
  exportSteps: {
    core: 'seu perfil, posts, comentários, curtidas e seguidores',
    communities: 'suas comunidades',
    stories: 'seus stories',
    messages: 'suas mensagens',
    rooms: 'suas salas',
    archive: 'o arquivo',
  } as Record<string, string>,
  exportStepFallback: 'seus dados',
  exportReady: 'Seu arquivo está pronto.',
  exportReadyNotice: 'Também avisamos por email quando ele ficou pronto.',
  exportSize: (size: string) => `Tamanho: ${size}`,
  exportKeptUntil: (date: string) => `Disponível até ${date}.`,
  download: 'Baixar arquivo',
  downloadLabel: (size: string) => `Baixar arquivo de dados (${size})`,
  downloading: 'Baixando...',
  downloadFailed: 'Não foi possível baixar o arquivo.',
  exportFailed: 'Não conseguimos preparar seu arquivo. Peça de novo.',
  exportExpired: 'O último arquivo expirou e foi apagado. Peça um novo quando quiser.',
  nextExportAt: (when: string) => `Você poderá pedir um novo arquivo ${when}.`,
  exportRequested: 'Pedido recebido',
  exportRequestedDescription: 'Avisaremos aqui e por email quando o arquivo estiver pronto.',

  // Seus dados: excluir a conta.
  deleteTitle: 'Excluir conta',
  deleteHint: 'Apaga sua conta e tudo o que você publicou. Não dá para desfazer.',
  deleteOpen: 'Excluir minha conta',
  deleteDialogTitle: 'Excluir sua conta?',
  deleteDialogIntro: 'Isto não pode ser desfeito. Ao confirmar:',
  deleteWhat: [
    'você sai da conta em todos os aparelhos na hora;',
    'seus posts, comentários, curtidas, stories, seguidores e quem você segue são apagados, assim como as fotos e vídeos que você enviou;',
    'você deixa as comunidades e salas de que participa;',
    'as mensagens que você enviou continuam com quem as recebeu, como de “Conta excluída”;',
    'seu nome de usuário fica reservado por um tempo antes de poder ser usado por outra pessoa.',
  ],
  deleteExportFirst: 'Se quiser guardar uma cópia, peça seus dados antes de excluir.',
  deletePassword: 'Sua senha',
  deletePasswordHint: 'Digite sua senha para confirmar.',
  deleteConfirm: 'Excluir minha conta',
  deleting: 'Excluindo...',
  cancel: 'Cancelar',
  close: 'Fechar',
  deleteFailed: 'Não foi possível excluir sua conta.',
  deleted: 'Conta excluída',
  deletedDescription: 'Sua conta foi excluída e você saiu de todos os aparelhos.',
} as const
