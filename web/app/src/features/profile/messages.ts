export const profileMessages = {
  title: 'Perfil',
  handle: (handle: string) => `@${handle}`,
} as const
