import type { RealtimeEvent } from '@/lib/realtime'

import type { DirectMessage } from './types'

/** The signed-in member's messages topic: every event about their conversations. */
export function messagesTopic(userId: string): string {
  return `messages:${userId}`
}

export const MESSAGE_CREATED = 'message.created'
export const CONVERSATION_READ = 'conversation.read'

/** message.created: the counts are the topic owner's. */
export interface MessageCreated {
  type: typeof MESSAGE_CREATED
  conversationId: string
  message: DirectMessage
  conversationUnread: number
  unreadCount: number
}

/** conversation.read: reader's marker moved; unreadCount is the topic owner's total. */
export interface ConversationRead {
  type: typeof CONVERSATION_READ
  conversationId: string
  readerId: string
  lastReadAt: string
  lastReadId: string
  unreadCount: number
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : undefined
}

function asMessage(value: unknown): DirectMessage | undefined {
  if (!isRecord(value)) return undefined
  const { id, conversation_id, sender_id, text, created_at } = value
  if (
    typeof id !== 'string' ||
    typeof conversation_id !== 'string' ||
    typeof sender_id !== 'string' ||
    typeof text !== 'string' ||
    typeof created_at !== 'string'
  ) {
    return undefined
  }
  return { id, conversation_id, sender_id, text, created_at }
}

/** Reads an event of the messages topic defensively; undefined for anything else. */
export function readMessagesEvent(event: RealtimeEvent): MessageCreated | ConversationRead | undefined {
  const data = event.data
  if (!isRecord(data) || typeof data.conversation_id !== 'string') return undefined
  const unreadCount = count(data.unread_count)
  if (unreadCount === undefined) return undefined
  if (event.type === MESSAGE_CREATED) {
    const message = asMessage(data.message)
    const conversationUnread = count(data.conversation_unread)
    if (!message || conversationUnread === undefined) return undefined
    return { type: MESSAGE_CREATED, conversationId: data.conversation_id, message, conversationUnread, unreadCount }
  }
  if (event.type === CONVERSATION_READ) {
    const { reader_id, last_read_at, last_read_id } = data
    if (typeof reader_id !== 'string' || typeof last_read_at !== 'string' || typeof last_read_id !== 'string') {
      return undefined
    }
    return {
      type: CONVERSATION_READ,
      conversationId: data.conversation_id,
      readerId: reader_id,
      lastReadAt: last_read_at,
      lastReadId: last_read_id,
      unreadCount,
    }
  }
  return undefined
}

/** Whether a marker covers a message: (created_at, id) at or before it. */
export function markerCovers(marker: { last_read_at: string; last_read_id: string } | null, message: DirectMessage) {
  if (!marker) return false
  const at = Date.parse(message.created_at)
  const mark = Date.parse(marker.last_read_at)
  if (at !== mark) return at < mark
  return message.id <= marker.last_read_id
}
