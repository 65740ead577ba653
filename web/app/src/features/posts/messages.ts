/** Every text of posts wherever they show: the composer, the post card and its dialogs. */
export const postsMessages = {
  // Composer.
  composerLabel: 'O que está acontecendo?',
  composerPlaceholder: 'O que está acontecendo?',
  remaining: (count: number) => `${count} caracteres restantes`,
  post: 'Postar',
  posting: 'Postando...',
  created: 'Post criado!',
  createdDescription: 'Seu post foi publicado com sucesso.',
  createFailed: 'Não foi possível criar o post. Tente novamente.',
  contentRequired: 'Por favor, adicione algum conteúdo ao post.',

  // Media of a new post. Button and preview labels are ours.
  addImage: 'Adicionar imagem',
  addVideo: 'Adicionar vídeo',
  removeMedia: 'Remover mídia',
  mediaPreview: 'Prévia da mídia',
  fileTooLarge: 'Arquivo muito grande',
  fileTooLargeImage: 'O arquivo deve ter no máximo 10MB.',
  fileTooLargeVideo: 'O arquivo deve ter no máximo 50MB.',
  invalidFileType: 'Tipo de arquivo inválido',
  invalidFileTypeDescription: 'Por favor, selecione um arquivo de imagem ou vídeo válido.',

  // Ours: the description of an image (its alt text), written with the post.
  imageAltLabel: 'Descrição da imagem (opcional)',
  imageAltHint: 'Conte o que a imagem mostra, para quem não pode vê-la.',
  imageAltRemaining: (count: number) => `${count} caracteres restantes na descrição`,

  // Link preview while writing. Label and loading text are ours.
  linkPreview: 'Prévia do link',
  linkPreviewLoading: 'Carregando prévia do link...',
  linkPreviewError: (message: string) => `Erro: ${message}`,

  // Post card.
  handle: (handle: string) => `@${handle}`,
  like: 'Curtir',
  unlike: 'Descurtir',
  likes: (count: number) => (count === 1 ? '1 curtida' : `${String(count)} curtidas`),
  // Ours: the like button's name holds the count it shows, so that the name
  // a voice user reads off the screen is part of it (WCAG 2.5.3).
  likeButton: (liked: boolean, count: number): string =>
    `${liked ? postsMessages.unlike : postsMessages.like}, ${postsMessages.likes(count)}`,
  comments: (count: number) => (count === 1 ? '1 comentário' : `${String(count)} comentários`),
  // Type badge.
  typeImage: 'Imagem',
  typeVideo: 'Vídeo',
  // Post media. The alternative texts are ours.
  mediaLoading: 'Carregando mídia...',
  mediaFailed: 'Erro ao carregar mídia',
  imageAlt: (name: string) => `Imagem publicada por ${name}`,
  // Ours: the button that shows an image's description on request.
  altBadge: 'ALT',
  showImageAlt: 'Mostrar descrição da imagem (ALT)',
  hideImageAlt: 'Ocultar descrição da imagem (ALT)',
  imageAltTitle: 'Descrição da imagem',
  videoLabel: (name: string) => `Vídeo publicado por ${name}`,
  share: 'Compartilhar',
  moreOptions: 'Mais opções',
  delete: 'Excluir',
  report: 'Denunciar',
  // Ours: reporting a post.
  reported: 'Denúncia enviada',
  reportedDescription: 'Obrigado. Nossa equipe vai analisar este post.',
  reportFailed: 'Não foi possível enviar a denúncia.',
  linkCopied: 'Link copiado!',
  linkCopiedDescription: 'O link do post foi copiado.',
  unknownUser: 'Unknown User',
  unknownHandle: 'unknown',
  translate: 'Traduzir',
  translating: 'Traduzindo...',
  original: 'Original',
  translateRateLimitedTitle: 'Limite excedido',
  translateRateLimited: 'Muitas traduções. Tente novamente em alguns instantes.',
  translatePaymentTitle: 'Créditos necessários',
  translatePayment: 'Adicione créditos ao serviço de tradução para continuar.',
  translateFailedTitle: 'Erro na tradução',
  translateFailed: 'Não foi possível traduzir o post.',

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

  // Editing one's own post. 'Editar', 'Salvar' and the field's label are ours.
  edit: 'Editar',
  editLabel: 'Editar texto do post',
  save: 'Salvar',
  saving: 'Salvando...',
  updated: 'Post atualizado',
  updatedDescription: 'Seu post foi atualizado.',
  updateFailed: 'Não foi possível atualizar o post.',

  // Failures.
  errorTitle: 'Erro',
  likeFailed: 'Não foi possível curtir o post.',
} as const
