export const createPostMessages = {
  title: 'Criar post',
} as const
