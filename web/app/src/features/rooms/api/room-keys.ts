/** Query keys of the rooms reads, all under ['rooms']. */
export const roomKeys = {
  all: ['rooms'] as const,
  list: ['rooms', 'list'] as const,
  stations: (genre: string) => ['rooms', 'stations', genre] as const,
  detail: (id: string) => ['rooms', 'detail', id] as const,
  participants: (id: string) => ['rooms', 'participants', id] as const,
  messages: (id: string) => ['rooms', 'messages', id] as const,
}
