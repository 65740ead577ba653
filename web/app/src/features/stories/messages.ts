/**
 * Texts of /stories. The placeholder texts are fixed copy, in English on
 * purpose; the rest is ours, in pt-BR.
 */
export const storiesMessages = {
  // The navigation bars' entry.
  navLabel: 'Stories',
  title: 'Stories',
  loggedOut: 'Please log in to view stories',
  createStory: 'Create Story',
  trendingTitle: 'Trending Stories',
  disappearNote: 'Stories disappear after 24 hours',
  views: (count: number) => `${count} views`,
  age: (createdAt: string, now: number) => {
    const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000))
    return minutes < 60 ? `${minutes}m ago` : `${Math.floor(minutes / 60)}h ago`
  },
  viewed: 'Viewed',
  you: 'Você',
  empty: 'Nenhum story por aqui. Siga pessoas ou publique o seu!',
  noTrending: 'Nenhum story em alta agora.',
  loadError: 'Não foi possível carregar os stories.',
  retry: 'Tentar novamente',
  open: (author: string) => `Abrir story de ${author}`,
  // The member's own tile shows 'Você': its name starts with it.
  openOwn: 'Você: abrir o seu story',
  createTitle: 'Novo story',
  createDescription: 'Só texto, até 280 caracteres. Seus seguidores veem por 24 horas.',
  textLabel: 'Texto do story',
  placeholder: 'O que você quer contar?',
  counter: (length: number, max: number) => `${length}/${max}`,
  publish: 'Publicar',
  publishing: 'Publicando...',
  cancel: 'Cancelar',
  published: 'Story publicado',
  publishError: 'Não foi possível publicar o story.',
  viewerTitle: (author: string) => `Story de ${author}`,
  previous: 'Story anterior',
  next: 'Próximo story',
  close: 'Fechar',
  position: (index: number, total: number) => `${index} de ${total}`,
  viewersTitle: 'Quem viu',
  noViewers: 'Ninguém viu ainda.',
  delete: 'Apagar story',
  deleted: 'Story apagado',
  deleteError: 'Não foi possível apagar o story.',
} as const

/** Text limit (the server's rule, plugins/stories). */
export const MAX_STORY_TEXT = 280
