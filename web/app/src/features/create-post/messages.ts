/** Every text of the create-post screen (spec 000 §2 'Create-post screen', §5, §8). */
export const createPostMessages = {
  title: 'Criar post',
  // Ours: the spec names a back button without its text.
  back: 'Voltar',

  // Ours: the spec's content box has no label of its own.
  contentLabel: 'Conteúdo',
  contentPlaceholder: 'O que você quer compartilhar?',
  remaining: (count: number) => `${count} caracteres restantes`,

  // Ours: the labels of the two selects; the options are the spec's.
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
