import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'

import { unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { cursorPagesOptions } from '@/lib/cursor-pages'
import { offerPush } from '@/lib/push-offer'
import { useMutation } from '@/lib/use-mutation'

import type { Conversation, ConversationPage, DirectMessage, MessagePage, MessageSettings } from '../types'

import { messageKeys } from './message-keys'

/** GET /api/v1/messages/unread-count: the navigation badge's number. */
export async function countUnreadMessages(client: ApiClient): Promise<number> {
  return unwrap('GET /api/v1/messages/unread-count', await client.GET('/api/v1/messages/unread-count')).unread_count
}

/** GET /api/v1/messages/conversations?q=…&cursor=…: latest message first; the server filters by name or handle. */
export function useInbox(query: string, enabled = true) {
  const client = useApiClient()
  const q = query.trim()
  return useInfiniteQuery({
    ...cursorPagesOptions(
      messageKeys.inbox(q),
      async (cursor, signal): Promise<ConversationPage> =>
        unwrap(
          'GET /api/v1/messages/conversations',
          await client.GET('/api/v1/messages/conversations', {
            params: { query: { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } },
            signal,
          }),
        ),
    ),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** GET /api/v1/messages/conversations/{id} (someone else's is 404). */
export function useConversation(id: string) {
  const client = useApiClient()
  return useQuery({
    queryKey: messageKeys.conversation(id),
    queryFn: async (): Promise<Conversation> =>
      unwrap(
        `GET /api/v1/messages/conversations/${id}`,
        await client.GET('/api/v1/messages/conversations/{id}', { params: { path: { id } } }),
      ),
  })
}

/** GET /api/v1/messages/conversations/{id}/messages: pages newest first, older ones after. */
export function useThread(id: string, enabled: boolean) {
  const client = useApiClient()
  return useInfiniteQuery({
    ...cursorPagesOptions(
      messageKeys.thread(id),
      async (cursor, signal): Promise<MessagePage> =>
        unwrap(
          `GET /api/v1/messages/conversations/${id}/messages`,
          await client.GET('/api/v1/messages/conversations/{id}/messages', {
            params: { path: { id }, query: cursor ? { cursor } : {} },
            signal,
          }),
        ),
    ),
    enabled,
  })
}

/** Puts a message at the top of a cached thread (newest first) unless it is there. */
export function storeMessage(queryClient: QueryClient, message: DirectMessage) {
  queryClient.setQueryData<InfiniteData<MessagePage, string | undefined>>(
    messageKeys.thread(message.conversation_id),
    (data) => {
      if (!data || data.pages.length === 0) return data
      if (data.pages.some((page) => (page.items ?? []).some((item) => item.id === message.id))) return data
      const [first, ...rest] = data.pages
      if (!first) return data
      return { ...data, pages: [{ ...first, items: [message, ...(first.items ?? [])] }, ...rest] }
    },
  )
  queryClient.setQueryData<Conversation>(messageKeys.conversation(message.conversation_id), (conversation) => {
    if (!conversation) return conversation
    const last = conversation.last_message
    if (last && (last.created_at > message.created_at || last.id === message.id)) return conversation
    return { ...conversation, last_message: message }
  })
}

/** POST /api/v1/messages/conversations {handle}: opens (or finds) the conversation with a member. */
export function useStartConversation() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (handle: string): Promise<Conversation> =>
      unwrap(
        'POST /api/v1/messages/conversations',
        await client.POST('/api/v1/messages/conversations', { body: { handle } }),
      ),
    onSuccess: (conversation) => {
      queryClient.setQueryData(messageKeys.conversation(conversation.id), conversation)
    },
  })
}

/** POST /api/v1/messages/conversations/{id}/messages {text}. */
export function useSendMessage(id: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (text: string): Promise<DirectMessage> =>
      unwrap(
        `POST /api/v1/messages/conversations/${id}/messages`,
        await client.POST('/api/v1/messages/conversations/{id}/messages', { params: { path: { id } }, body: { text } }),
      ),
    onSuccess: (message) => {
      storeMessage(queryClient, message)
      void queryClient.invalidateQueries({ queryKey: messageKeys.inboxes })
      // The reply may come with the app closed: a moment to offer notifications (once).
      offerPush()
    },
  })
}

/** POST /api/v1/messages/conversations/{id}/read: the marker moves to the newest message. */
export function useMarkRead(id: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      unwrap(
        `POST /api/v1/messages/conversations/${id}/read`,
        await client.POST('/api/v1/messages/conversations/{id}/read', { params: { path: { id } } }),
      ),
    onSuccess: (read) => {
      queryClient.setQueryData(messageKeys.unread, read.unread_count)
      queryClient.setQueryData<Conversation>(messageKeys.conversation(id), (conversation) =>
        conversation ? { ...conversation, unread_count: 0, last_read: read.last_read } : conversation,
      )
      void queryClient.invalidateQueries({ queryKey: messageKeys.inboxes })
    },
  })
}

/** GET /api/v1/messages/settings. */
export function useMessageSettings() {
  const client = useApiClient()
  return useQuery({
    queryKey: messageKeys.settings,
    queryFn: async (): Promise<MessageSettings> =>
      unwrap('GET /api/v1/messages/settings', await client.GET('/api/v1/messages/settings')),
  })
}

/** PUT /api/v1/messages/settings. */
export function useUpdateMessageSettings() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: MessageSettings): Promise<MessageSettings> =>
      unwrap('PUT /api/v1/messages/settings', await client.PUT('/api/v1/messages/settings', { body })),
    onSuccess: (settings) => {
      queryClient.setQueryData(messageKeys.settings, settings)
    },
  })
}
