/** Every text of the feed, the composer and the post card (spec 000 §2, §8). */
export const feedMessages = {
  title: 'Últimos posts',

  // Algorithm toggle and refresh.
  algorithmGroup: 'Ordem dos posts',
  ranked: 'Em Alta',
  chronological: 'Recentes',
  refresh: 'Atualizar',
  newPosts: 'Ver novos posts',
  loadMore: 'Carregar mais',
  loadingPosts: 'Carregando posts',

  // Empty state.
  emptyTitle: 'Ainda não há posts para mostrar.',
  emptyHint: 'Comece seguindo algumas pessoas ou crie seu primeiro post!',

  // Composer.
  composerLabel: 'O que está acontecendo?',
  composerPlaceholder: 'O que está acontecendo?',
  remaining: (count: number) => `${count} caracteres restantes`,
  post: 'Postar',
  posting: 'Postando...',
  created: 'Post criado!',
  createdDescription: 'Seu post foi publicado com sucesso.',
  createFailed: 'Não foi possível criar o post. Tente novamente.',

  // Post card.
  handle: (handle: string) => `@${handle}`,
  like: 'Curtir',
  unlike: 'Descurtir',
  likes: (count: number) => `${count} curtidas`,
  comments: (count: number) => `${count} comentários`,
  share: 'Compartilhar',
  moreOptions: 'Mais opções',
  delete: 'Excluir',
  report: 'Denunciar',
  linkCopied: 'Link copiado!',
  linkCopiedDescription: 'O link do post foi copiado.',
  unknownUser: 'Unknown User',
  unknownHandle: 'unknown',

  // Delete dialog.
  deleteTitle: 'Excluir post?',
  deleteDescription: 'Esta ação não pode ser desfeita.',
  cancel: 'Cancelar',
  confirmDelete: 'Excluir',
  close: 'Fechar',
  deleted: 'Post excluído',
  deletedDescription: 'Seu post foi excluído com sucesso.',
  deleteFailedTitle: 'Erro ao excluir post',
  deleteFailed: 'Não foi possível excluir o post.',

  // Failures (spec 000 §8).
  errorTitle: 'Erro',
  loadFailed: 'Não foi possível carregar os posts.',
  likeFailed: 'Não foi possível curtir o post.',
} as const
