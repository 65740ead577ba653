/** The conversations resource's pt-BR labels (react-admin's `resources.conversations`). */
export const conversationsMessages = {
  name: 'Conversa |||| Conversas',
  forcedCaseName: 'conversas',
  fields: {
    user_low_handle: 'Participante',
    user_high_handle: 'Participante',
    message_count: 'Mensagens',
    created_at: 'Iniciada em',
    last_message_at: 'Última mensagem em',
    q: 'Buscar participante',
  },
  private_note: 'Conversas são privadas: a administração vê quem conversa e quanto, nunca o que foi dito.',
};
