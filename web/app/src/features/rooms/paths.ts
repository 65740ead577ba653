/** The listening-rooms plugin's URLs. */
export const roomsPaths = {
  listeningRooms: '/listening-rooms',
  listeningRoom: (roomId: string) => `/listening-room/${encodeURIComponent(roomId)}`,
} as const
