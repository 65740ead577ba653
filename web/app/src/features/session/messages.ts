export const sessionMessages = {
  loading: 'Carregando...',
} as const
