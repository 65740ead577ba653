export const messagesMessages = {
  title: 'Messages',
  loggedOut: 'Please log in to view messages',
  searchLabel: 'Search conversations',
  searchPlaceholder: 'Search conversations...',
  empty: 'No conversations yet',
  findPeople: 'Find People to Message',
} as const
