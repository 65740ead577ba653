/** The direct-messages plugin's URLs. */
export const messagesPaths = {
  messages: '/messages',
  /** One direct conversation. */
  conversation: (id: string) => `/messages/${encodeURIComponent(id)}`,
} as const
