export const notificationsMessages = {
  title: 'Notificações',
} as const
