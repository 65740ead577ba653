export const searchMessages = {
  title: 'Explorar',
} as const
