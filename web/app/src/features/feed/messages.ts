export const feedMessages = {
  title: 'Últimos posts',
} as const
