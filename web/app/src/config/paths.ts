/**
 * The core routes of the member app. A plugin's routes are in its own
 * folder (`features/<name>/paths.ts`), listed by its descriptor.
 */
export const paths = {
  auth: '/auth',
  /** The page the password-reset e-mail links to (?token=…); no session needed. */
  resetPassword: '/auth/reset',
  home: '/',
  search: '/search',
  createPost: '/create-post',
  /** One post and its comments (the link that 'Compartilhar' hands out). */
  post: (id: string) => `/post/${encodeURIComponent(id)}`,
  notifications: '/notifications',
  profile: '/profile',
  userProfile: (handle: string) => `/profile/${encodeURIComponent(handle)}`,
  settings: '/settings',
  /** The page a weekly digest e-mail's unsubscribe link opens (#t=…); no session needed. */
  emailUnsubscribe: '/email/unsubscribe',
  /** Sections of /settings that links open (their ids): where the data archive is downloaded, the sessions. */
  settingsSections: { data: 'seus-dados', sessions: 'sessoes' },
  /** An app's authorization request (OAuth 2): the consent screen. */
  oauthAuthorize: '/oauth/authorize',
} as const
