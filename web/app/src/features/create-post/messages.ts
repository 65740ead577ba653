/** Every text of the create-post screen. */
export const createPostMessages = {
  title: 'Criar post',
  // Ours: the back button.
  back: 'Voltar',

  // Ours: the content box's label.
  contentLabel: 'Conteúdo',
  contentPlaceholder: 'O que você quer compartilhar?',
  remaining: (count: number) => `${count} caracteres restantes`,

  // Ours: the labels of the two selects.
  typeLabel: 'Tipo de post',
  typeText: 'Texto',
  typeImage: 'Imagem',
  typeVideo: 'Vídeo',
  visibilityLabel: 'Visibilidade',
  visibilityPublic: 'Público',
  visibilityFollowers: 'Apenas seguidores',

  // Ours: the file picker's buttons.
  chooseImage: 'Escolher imagem',
  chooseVideo: 'Escolher vídeo',

  cancel: 'Cancelar',
  publish: 'Publicar',
  publishing: 'Publicando...',
  created: 'Post criado!',
  createdDescription: 'Seu post foi publicado com sucesso.',
} as const
