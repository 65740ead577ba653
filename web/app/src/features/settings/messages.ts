export const settingsMessages = {
  title: 'Configurações',
  comingSoon: 'Configurações em breve...',
} as const
