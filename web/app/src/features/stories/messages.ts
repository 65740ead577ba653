export interface SampleStory {
  id: string
  author: string
  preview: string
  views: number
  /** Hours since it was posted. */
  ageHours: number
  viewed: boolean
}

export const storiesMessages = {
  title: 'Stories',
  loggedOut: 'Please log in to view stories',
  createStory: 'Create Story',
  trendingTitle: 'Trending Stories',
  disappearNote: 'Stories disappear after 24 hours',
  views: (count: number) => `${count} views`,
  age: (hours: number) => `${hours}h ago`,
  viewed: 'Viewed',
  /** The three fixed samples the spec's placeholder shows; nothing is fetched. */
  samples: [
    {
      id: 'sample-1',
      author: 'Ana Souza',
      preview: 'Pôr do sol na praia de Ipanema',
      views: 128,
      ageHours: 2,
      viewed: false,
    },
    {
      id: 'sample-2',
      author: 'Lucas Oliveira',
      preview: 'Ensaio da banda hoje à noite',
      views: 342,
      ageHours: 5,
      viewed: true,
    },
    {
      id: 'sample-3',
      author: 'Marina Costa',
      preview: 'Café novo no centro, recomendo!',
      views: 87,
      ageHours: 11,
      viewed: false,
    },
  ] satisfies SampleStory[],
} as const
