/** Every text of the search screen. */
export const searchMessages = {
  // Ours: the screen's heading, as the side bar names it.
  title: 'Explorar',

  // English on purpose: the screen's fixed copy.
  placeholder: 'Search for people, communities, or posts...',
  discover: 'Discover',
  noResults: 'No results found',
  noResultsHint: 'Try searching with different keywords',
  verified: 'Verified',
  members: (count: string) => `${count} members`,
  // The two shortcut buttons fill in these words.
  shortcuts: ['tech', 'community'] as const,

  // Ours: labels, states and the type badges.
  searchLabel: 'Buscar',
  discoverHint: 'Experimente uma destas buscas:',
  suggestionsLoading: 'Carregando sugestões...',
  // The tabs over the results: every kind, then one kind at a time (its badge's name).
  tabsLabel: 'Tipo de resultado',
  allTab: 'Tudo',
  loading: 'Buscando...',
  resultsLabel: 'Resultados da busca',
  resultCount: (count: number) => (count === 1 ? '1 resultado' : `${count} resultados`),
  failed: 'Não foi possível buscar agora. Tente novamente.',
  type: {
    user: 'Pessoa',
    post: 'Post',
  },
} as const
