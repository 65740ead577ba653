/** Every text of the feed screen: its toggle, empty state, demo-data card and trending panel. */
export const feedMessages = {
  // The heading follows the tab: the spec's 'Últimos posts' is the
  // chronological one (the default); the other two are ours.
  title: 'Últimos posts',
  titleRanked: 'Posts em alta',
  titleFollowing: 'Posts de quem você segue',

  // Algorithm toggle and refresh.
  algorithmGroup: 'Ordem dos posts',
  ranked: 'Em Alta',
  chronological: 'Recentes',
  // Ours: the timeline of the members one follows.
  following: 'Seguindo',
  refresh: 'Atualizar',
  newPosts: 'Ver novos posts',
  loadMore: 'Carregar mais',
  loadingPosts: 'Carregando posts',

  // Empty state.
  emptyTitle: 'Ainda não há posts para mostrar.',
  emptyHint: 'Comece seguindo algumas pessoas ou crie seu primeiro post!',

  // Demo-data card (the server creates 3 posts and 2 communities).
  demoTitle: 'Dados de demonstração',
  demoDescription: 'Crie 3 posts de exemplo para explorar a rede.',
  demoCreate: 'Gerar dados de demonstração',
  demoCreating: 'Gerando...',
  demoCreated: 'Dados de demonstração criados!',
  demoFailed: 'Não foi possível criar os dados de demonstração.',
  // Ours: the button clearing demo data, its progress, success and failure.
  demoClear: 'Limpar dados de demonstração',
  demoClearing: 'Limpando...',
  demoCleared: 'Dados de demonstração removidos.',
  demoClearFailed: 'Não foi possível limpar os dados de demonstração.',
  demoClearSignedOut: 'Você precisa estar logado para limpar dados.',
  demoClearHint: 'Remove os posts, as comunidades e as salas que "Gerar dados de demonstração" criou para você. O que você escreveu continua aqui.',

  // Trending-music panel.
  trendingTitle: 'Músicas em alta',
  trendingLoading: 'Carregando músicas',
  trendingFailed: 'Não foi possível carregar as músicas trending',
  trendingRetry: 'Tentar novamente',
  // A song's link reads 'Abrir {title} de {artist}': the shown title and
  // artist are its text, these words around them are read only.
  trendingOpen: 'Abrir',
  trendingBy: 'de',
  trendingPlay: (title: string) => `Tocar prévia de ${title}`,
  trendingPause: (title: string) => `Pausar prévia de ${title}`,

  // Failures.
  errorTitle: 'Erro',
  loadFailed: 'Não foi possível carregar os posts.',
} as const
