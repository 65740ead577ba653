/** The stories plugin's URLs. */
export const storiesPaths = {
  stories: '/stories',
} as const
