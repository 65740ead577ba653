export const communitiesMessages = {
  title: 'Comunidades',
  createTitle: 'Criar Comunidade',
  detailTitle: 'Comunidade',
  backToCommunities: 'Voltar para Comunidades',
} as const
