/** Every text of the profile screen, the edit-profile dialog and the crop dialogs. */
export const profileMessages = {
  // Profile screen (in English on purpose).
  loading: 'Carregando...',
  notFoundTitle: 'Profile not found',
  notFoundDescription: (handle: string) => `The user @${handle} doesn't exist.`,
  handle: (handle: string) => `@${handle}`,
  verified: 'Verified',
  // Ours: an account of another server of the social web.
  remoteBadge: 'perfil remoto',
  remoteLink: 'Ver perfil original',
  remoteLinkLabel: (domain: string) => `Ver perfil original em ${domain} (abre em outra aba)`,
  editProfile: 'Edit Profile',
  joined: (monthYear: string) => `Joined ${monthYear}`,
  following: 'Following',
  followers: 'Followers',
  posts: 'Posts',
  noPosts: 'No posts yet',
  // Ours: the posts list's loading label and failure.
  postsLoading: 'Carregando posts',
  postsFailed: 'Não foi possível carregar os posts.',
  retry: 'Tentar novamente',

  // Follow (labels in English; toasts and the failure in pt-BR).
  follow: 'Follow',
  unfollow: 'Unfollow',
  followed: 'Seguindo',
  unfollowed: 'Deixou de seguir',
  followFailed: 'Não foi possível executar esta ação. Tente novamente.',
  // Ours: the toasts' descriptions.
  followedDescription: (handle: string) => `Você agora segue @${handle}.`,
  unfollowedDescription: (handle: string) => `Você deixou de seguir @${handle}.`,

  // Ours: the followers / following dialogs (titled 'Followers' / 'Following').
  followsLoading: 'Carregando lista...',
  followsFailed: 'Não foi possível carregar a lista. Tente novamente.',
  noFollowers: (handle: string) => `Ninguém segue @${handle} ainda.`,
  noFollowing: (handle: string) => `@${handle} ainda não segue ninguém.`,
  loadMore: 'Carregar mais',
  loadingMore: 'Carregando...',
  close: 'Fechar',

  // Edit-profile dialog.
  changeAvatar: 'Alterar',
  addBanner: 'Adicionar Banner',
  changeBanner: 'Alterar Banner',
  displayName: 'Nome',
  bio: 'Bio',
  bioCounter: (count: number) => `${count}/500`,
  location: 'Localização',
  website: 'Website',
  save: 'Salvar Alterações',
  cancel: 'Cancelar',
  saved: 'Perfil atualizado',

  // Validation of the profile form (the server sends the same texts).
  displayNameEmpty: 'Nome não pode estar vazio após limpeza',
  displayNameTooLong: 'Nome deve ter no máximo 50 caracteres',
  bioTooLong: 'Bio deve ter no máximo 500 caracteres',
  locationTooLong: 'Localização deve ter no máximo 100 caracteres',
  websiteInvalid: 'URL inválida ou não permitida',
  fileType: 'Tipo de arquivo não permitido. Use JPEG, PNG ou WebP.',
  fileTooLarge: 'Arquivo muito grande. Máximo 5MB.',
  fileName: 'Nome de arquivo inválido.',

  // Toasts.
  errorTitle: 'Erro',
  rateLimitedTitle: 'Muitas tentativas',
  updateFailed: 'Não foi possível atualizar o perfil.',

  // Crop dialogs.
  cropAvatarTitle: 'Ajustar Foto de Perfil',
  cropBannerTitle: 'Ajustar Banner',
  zoom: 'Zoom',
  zoomValue: (percent: number) => `${percent}%`,
  rotate: 'Girar 90°',
  confirm: 'Confirmar',
} as const
