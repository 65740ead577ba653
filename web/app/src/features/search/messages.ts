/** Every text of the search screen (spec 001 §2 'Search (shell)', spec 000 §2 'Search'). */
export const searchMessages = {
  // Ours: the screen's heading, as the side bar names it.
  title: 'Explorar',

  // Spec texts (English on purpose).
  placeholder: 'Search for people, communities, or posts...',
  discover: 'Discover',
  noResults: 'No results found',
  noResultsHint: 'Try searching with different keywords',
  verified: 'Verified',
  members: (count: string) => `${count} members`,
  // The two shortcut buttons fill in these words.
  shortcuts: ['tech', 'community'] as const,

  // Ours: labels, states and the type badges (the spec names no words for them).
  searchLabel: 'Buscar',
  discoverHint: 'Experimente uma destas buscas:',
  loading: 'Buscando...',
  resultsLabel: 'Resultados da busca',
  resultCount: (count: number) => (count === 1 ? '1 resultado' : `${count} resultados`),
  failed: 'Não foi possível buscar agora. Tente novamente.',
  type: {
    user: 'Pessoa',
    community: 'Comunidade',
    post: 'Post',
  },
} as const
