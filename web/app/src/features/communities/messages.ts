/**
 * Every text of the communities screens: the list, the creation form, a
 * community's page, its posts and their failures. Texts marked "ours" were
 * written for the app; the others are fixed copy shown as they are.
 */
export const communitiesMessages = {
  // The navigation bars' entry.
  navLabel: 'Comunidades',
  // The type badge of a community among search results.
  searchResult: 'Comunidade',
  // List.
  title: 'Comunidades',
  searchPlaceholder: 'Buscar comunidades...',
  // Ours: the search box's accessible name.
  searchLabel: 'Buscar comunidades',
  create: 'Criar Comunidade',
  members: (count: number) => (count === 1 ? '1 membro' : `${String(count)} membros`),
  privateBadge: 'Privada',
  openBadge: 'Aberta',
  by: (owner: string) => `por ${owner}`,
  view: 'Ver',
  join: 'Entrar',
  request: 'Solicitar',
  pending: 'Pendente',
  ownerButton: 'Owner',
  leave: 'Sair',
  empty: 'Nenhuma comunidade encontrada',
  // Ours: the form's two hints.
  emptySearchHint: 'Tente buscar por outro nome ou descrição.',
  emptyHint: 'Seja o primeiro a criar uma comunidade!',
  // Ours: loading and load failure of the list.
  loading: 'Carregando comunidades',
  loadFailed: 'Não foi possível carregar as comunidades.',
  retry: 'Tentar novamente',
  // Ours: the lock icon's text.
  closedLabel: 'Comunidade fechada',

  // Membership toasts.
  signInToJoin: 'Você precisa estar logado para entrar em comunidades',
  joined: 'Você entrou na comunidade!',
  requested: 'Solicitação enviada!',
  joinFailed: 'Erro ao entrar na comunidade',
  left: 'Você saiu da comunidade',
  leaveFailed: 'Erro ao sair da comunidade',

  // Create.
  createTitle: 'Criar Comunidade',
  nameLabel: 'Nome da Comunidade *',
  // Ours: placeholders.
  namePlaceholder: 'Ex.: Fotografia de rua',
  descriptionLabel: 'Descrição (opcional)',
  descriptionPlaceholder: 'Sobre o que é a comunidade?',
  // Ours: counters' accessible text.
  counter: (used: number, max: number) => `${used}/${max}`,
  counterLabel: (used: number, max: number) => `${used} de ${max} caracteres`,
  privacyLegend: 'Tipo de Comunidade',
  openOption: 'Comunidade Aberta',
  // Ours: the texts of both privacy options.
  openExplanation: 'Qualquer pessoa pode entrar imediatamente e os posts são públicos.',
  closedOption: 'Comunidade Fechada',
  closedExplanation: 'As pessoas solicitam a entrada e o dono aprova cada uma.',
  cancel: 'Cancelar',
  submit: 'Criar Comunidade',
  submitting: 'Criando...',
  nameRequired: 'Nome da comunidade é obrigatório',
  created: 'Comunidade criada com sucesso!',
  nameTaken: 'Já existe uma comunidade com esse nome. Escolha outro nome.',
  createFailed: 'Erro ao criar comunidade. Tente novamente.',

  // Detail.
  // Ours: the back button's accessible name and the detail's loading/failure.
  back: 'Voltar',
  detailLoading: 'Carregando comunidade',
  detailFailed: 'Não foi possível carregar a comunidade.',
  createdBy: (owner: string) => `Criada por ${owner}`,
  pendingRequest: 'Solicitação Pendente',
  leaveCommunity: 'Sair da Comunidade',
  notFound: 'Comunidade não encontrada',
  backToCommunities: 'Voltar para Comunidades',
  joinTitle: 'Junte-se à comunidade',
  joinHint: 'Entre na comunidade para ver e compartilhar posts.',

  // Manage dialog.
  manage: 'Gerenciar',
  manageTitle: 'Gerenciar Comunidade',
  // Ours: the dialog's description and close button.
  manageDescription: 'Aprove solicitações, defina papéis e remova membros.',
  close: 'Fechar',
  pendingRequests: (count: number) => `Solicitações Pendentes (${count})`,
  approve: 'Aprovar',
  reject: 'Rejeitar',
  membersHeading: (count: number) => `Membros (${count})`,
  roleOwner: 'Dono',
  roleAdmin: 'Admin',
  roleMember: 'Membro',
  makeAdmin: 'Tornar Admin',
  removeAdmin: 'Remover Admin',
  remove: 'Remover',
  // Ours: member list loading and failures of the member actions.
  membersLoading: 'Carregando membros',
  membersFailed: 'Não foi possível carregar os membros.',
  memberActionFailed: 'Não foi possível atualizar o membro.',
  deleteCommunity: 'Deletar Comunidade',
  confirmTitle: 'Você tem certeza?',
  // Ours: what deleting a community takes with it.
  confirmDescription: 'Esta ação é permanente e removerá a comunidade, todos os posts e todos os membros.',
  confirmDelete: 'Deletar',
  deleted: 'Comunidade deletada com sucesso',
  deleteFailed: 'Erro ao deletar comunidade',
  signInRequired: 'Você precisa estar logado',

  // Posts.
  postsTitle: 'Posts da Comunidade',
  // Ours: the refresh button's accessible name, as the feed's.
  refresh: 'Atualizar',
  newPosts: 'Ver novos posts',
  noPosts: 'Nenhum post ainda',
  postsLoading: 'Carregando posts',
  postsFailed: 'Não foi possível carregar os posts da comunidade.',
  loadMore: 'Carregar mais',
  errorTitle: 'Erro',
  // Ours: the success toast's description when the owner deletes a member's post.
  postDeletedDescription: 'O post foi excluído da comunidade.',
} as const
