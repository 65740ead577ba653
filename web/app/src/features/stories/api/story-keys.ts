/** Query keys of the stories reads, all under ['stories']. */
export const storyKeys = {
  all: ['stories'] as const,
  screen: ['stories', 'screen'] as const,
  viewers: (id: string) => ['stories', 'viewers', id] as const,
}
