/** Query keys of the viewer's blocks, mutes and muted words. */
export const safetyKeys = {
  all: ['safety'] as const,
  blocks: ['safety', 'blocks'] as const,
  mutes: ['safety', 'mutes'] as const,
  words: ['safety', 'muted-words'] as const,
  domains: ['safety', 'domain-blocks'] as const,
}
