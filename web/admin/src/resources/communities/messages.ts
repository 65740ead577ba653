/** The communities resource's pt-BR labels (react-admin's `resources.communities`). */
export const communitiesMessages = {
  name: 'Comunidade |||| Comunidades',
  forcedCaseName: 'comunidades',
  fields: {
    name: 'Nome',
    privacy: 'Privacidade',
    member_count: 'Membros',
    owner_handle: 'Dono',
    created_at: 'Criada em',
    q: 'Buscar',
  },
};
