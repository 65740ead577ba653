import type { QueryKey } from '@tanstack/react-query'

/** Query keys of the messages feature. */
export const messageKeys = {
  all: ['messages'] as QueryKey,
  unread: ['messages', 'unread'] as QueryKey,
  inboxes: ['messages', 'inbox'] as QueryKey,
  inbox: (q: string): QueryKey => ['messages', 'inbox', q],
  conversation: (id: string): QueryKey => ['messages', 'conversation', id],
  thread: (id: string): QueryKey => ['messages', 'thread', id],
  settings: ['messages', 'settings'] as QueryKey,
}
