export const roomsMessages = {
  title: 'Salas de Música',
  roomTitle: 'Sala de Música',
  backToRooms: 'Voltar às Salas',
} as const
