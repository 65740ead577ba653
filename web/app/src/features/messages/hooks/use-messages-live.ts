import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { useDisabledPlugins, useMeta } from '@/features/plugins'
import { useSession } from '@/features/session'
import { useApiClient } from '@/lib/api'
import { useRealtimeTopic, type RealtimeEvent } from '@/lib/realtime'
import { catchUpQueries } from '@/lib/react-query'

import { messageKeys } from '../api/message-keys'
import { countUnreadMessages, storeMessage } from '../api/messages-api'
import { MESSAGE_CREATED, messagesTopic, readMessagesEvent } from '../live-events'
import type { Conversation } from '../types'

/** Applies one event of the member's messages topic to the cached queries. */
export function applyMessagesEvent(queryClient: QueryClient, me: string, event: RealtimeEvent) {
  const live = readMessagesEvent(event)
  if (!live) return
  queryClient.setQueryData(messageKeys.unread, live.unreadCount)
  const key = messageKeys.conversation(live.conversationId)
  if (live.type === MESSAGE_CREATED) {
    storeMessage(queryClient, live.message)
    queryClient.setQueryData<Conversation>(key, (c) => (c ? { ...c, unread_count: live.conversationUnread } : c))
  } else {
    const marker = { last_read_at: live.lastReadAt, last_read_id: live.lastReadId }
    queryClient.setQueryData<Conversation>(key, (c) => {
      if (!c) return c
      return live.readerId === me ? { ...c, unread_count: 0, last_read: marker } : { ...c, peer_read: marker }
    })
  }
  void queryClient.invalidateQueries({ queryKey: messageKeys.inboxes })
}

/**
 * The member's unread messages for the 'Mensagens' badge, kept live: one GET
 * /messages/unread-count, then every event on messages:{id}, which also
 * updates the open conversation and the inbox. Everything is read again over
 * HTTP after a reconnect. Failures are only logged: the count stays.
 */
export function useMessagesUnreadCount(): number {
  const { user } = useSession()
  const client = useApiClient()
  const queryClient = useQueryClient()
  // Asked once the server said which plugins are on: with messages off there
  // is nothing to count.
  const meta = useMeta()
  const disabled = useDisabledPlugins().includes('messages')
  const enabled = user !== null && !meta.isPending && !disabled
  const query = useQuery({
    queryKey: messageKeys.unread,
    queryFn: () => countUnreadMessages(client),
    enabled,
  })
  const { error } = query

  useEffect(() => {
    if (error) console.error('messages unread count failed', error)
  }, [error])

  const me = user?.id ?? 'anonymous'
  useRealtimeTopic(
    messagesTopic(me),
    (event) => {
      if (enabled) applyMessagesEvent(queryClient, me, event)
    },
    () => (enabled ? catchUpQueries(queryClient, messageKeys.all) : undefined),
    { catchUp: true },
  )

  return enabled ? (query.data ?? 0) : 0
}
