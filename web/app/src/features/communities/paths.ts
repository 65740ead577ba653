/** The communities plugin's URLs. */
export const communitiesPaths = {
  communities: '/communities',
  createCommunity: '/communities/create',
  community: (id: string) => `/communities/${encodeURIComponent(id)}`,
} as const
