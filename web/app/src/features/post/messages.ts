/**
 * Every text of the post page /post/{id}: sharing and its failures. Texts
 * written for the app are marked "ours"; the others are fixed copy.
 */
export const postMessages = {
  // Ours: the page's heading.
  title: 'Post',
  notFound: 'Post não encontrado.',
  // Ours: the page's back action (to where the member came from), and the way out of a missing post.
  back: 'Voltar',
  backToFeed: 'Voltar para o feed',
  loadingPost: 'Carregando post',
  loadFailed: 'Não foi possível carregar o post.',
  retry: 'Tentar novamente',

  // Comment thread. Heading, loading, load-more and failure texts are ours.
  commentsTitle: 'Comentários',
  loadingComments: 'Carregando comentários...',
  commentsFailed: 'Não foi possível carregar os comentários.',
  loadMoreComments: 'Carregar mais comentários',
  noComments: 'Nenhum comentário ainda. Seja o primeiro a comentar!',
  handle: (handle: string) => `@${handle}`,

  // Comment form.
  commentPlaceholder: 'Escreva um comentário...',
  remaining: (count: number) => `${count} caracteres restantes`,
  comment: 'Comentar',
  commenting: 'Comentando...',
  // Ours.
  commentFailed: 'Não foi possível publicar o comentário.',

  // Deleting a comment. Dialog and toast texts are ours.
  deleteComment: 'Excluir',
  deleteCommentLabel: (name: string) => `Excluir comentário de ${name}`,
  deleteCommentTitle: 'Excluir comentário?',
  deleteCommentDescription: 'Esta ação não pode ser desfeita.',
  cancel: 'Cancelar',
  confirmDelete: 'Excluir',
  close: 'Fechar',
  commentDeleted: 'Comentário excluído',
  commentDeleteFailed: 'Não foi possível excluir o comentário.',

  errorTitle: 'Erro',
} as const
