/** The listening-rooms resource's pt-BR labels (react-admin's `resources.rooms`) and its action's texts. */
export const roomsMessages = {
  name: 'Sala de música |||| Salas de música',
  forcedCaseName: 'salas de música',
  fields: {
    name: 'Nome',
    host_handle: 'Host',
    is_active: 'Ativa',
    participant_count: 'Participantes',
    current_track: 'Tocando',
    created_at: 'Criada em',
    ended_at: 'Encerrada em',
    q: 'Buscar',
  },
  end: 'Encerrar sala',
  end_title: 'Encerrar esta sala',
  ended: 'Sala encerrada',
};
