export const navigationMessages = {
  // Ours: the first Tab stop, past the navigation to the screen (WCAG 2.4.1).
  skipToContent: 'Pular para o conteúdo',
  sideBarLabel: 'Menu principal',
  bottomBarLabel: 'Menu inferior',
  topBarLabel: 'Menu superior',
  home: 'Início',
  explore: 'Explorar',
  search: 'Buscar',
  create: 'Criar',
  notifications: 'Notificações',
  profile: 'Perfil',
  settings: 'Configurações',
  signOut: 'Sair',
  signOutSuccess: 'Logout realizado',
  signOutSuccessDescription: 'Você foi desconectado com sucesso.',
  signOutError: 'Erro ao fazer logout.',
  unread: (count: number) => (count === 1 ? '1 notificação não lida' : `${count} notificações não lidas`),
} as const
