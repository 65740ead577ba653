/** Every route of the member app, in one place. */
export const paths = {
  auth: '/auth',
  /** The page the password-reset e-mail links to (?token=…); no session needed. */
  resetPassword: '/auth/reset',
  home: '/',
  search: '/search',
  createPost: '/create-post',
  /** One post and its comments (the link that 'Compartilhar' hands out). */
  post: (id: string) => `/post/${encodeURIComponent(id)}`,
  stories: '/stories',
  listeningRooms: '/listening-rooms',
  listeningRoom: (roomId: string) => `/listening-room/${encodeURIComponent(roomId)}`,
  communities: '/communities',
  createCommunity: '/communities/create',
  community: (id: string) => `/communities/${encodeURIComponent(id)}`,
  messages: '/messages',
  /** One direct conversation (the messages plugin). */
  conversation: (id: string) => `/messages/${encodeURIComponent(id)}`,
  notifications: '/notifications',
  profile: '/profile',
  userProfile: (handle: string) => `/profile/${encodeURIComponent(handle)}`,
  settings: '/settings',
} as const
