/** Texts of the contributions the registry adds to a plugin's descriptor. */
export const pluginsMessages = {
  // The type badge of a community among search results.
  communityResult: 'Comunidade',
} as const
