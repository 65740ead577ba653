import { otherProfile, profileRefs, testUser } from '@/testing/fixtures'

import type { Conversation, DirectMessage } from './types'

/** Fixtures of the messages tests: Ana (the signed-in member) and Bia. */
export const conversationId = '0193a000-0000-7000-8000-0000000000c1'

export function message(n: number, from: 'ana' | 'bia', text: string): DirectMessage {
  return {
    id: `0193a000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
    conversation_id: conversationId,
    sender_id: from === 'ana' ? testUser.id : otherProfile.id,
    text,
    created_at: `2026-11-23T10:${String(n).padStart(2, '0')}:00Z`,
  }
}

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: conversationId,
    peer: { ...profileRefs.bia, is_verified: true },
    created_at: '2026-11-23T09:00:00Z',
    last_message: null,
    unread_count: 0,
    last_read: null,
    peer_read: null,
    can_send: true,
    ...overrides,
  }
}
