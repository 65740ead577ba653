import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { REVOKED_EVENT, useRealtimeTopic } from '@/lib/realtime'
import { catchUpQueries } from '@/lib/react-query'

import {
  addCachedMessage,
  addCachedParticipant,
  listedParticipants,
  removeCachedParticipant,
  setCachedParticipantCount,
} from '../api/room-live-data'
import { roomKeys } from '../api/room-keys'
import type { RoomMessage, RoomProfile } from '../types'

export function field(data: unknown, name: string): unknown {
  if (typeof data !== 'object' || data === null || !(name in data)) return undefined
  return (data as Record<string, unknown>)[name]
}

function isProfile(value: unknown): value is RoomProfile {
  return typeof field(value, 'id') === 'string' && typeof field(value, 'display_name') === 'string'
}

function isMessage(value: unknown): value is RoomMessage {
  return typeof field(value, 'id') === 'string' && typeof field(value, 'text') === 'string'
}

/** How the viewer was taken out of the room: by the host (removed, banned) or otherwise (a block: gone). */
export type RoomExit = 'removed' | 'banned' | 'gone'

interface RoomLiveOptions {
  /** Follow the topic only once the page's join settled (a removed member comes back by joining). */
  enabled?: boolean
  /** The viewer: room.participant_removed naming them says they were taken out. */
  userId?: string
}

/**
 * The room's live topic room:{id} (architecture § Rooms): subscribing is
 * what joins (presence is server-side). Participants and chat follow the
 * events; room.ended flips `ended`; the host removing or banning the viewer
 * (or the server ending the subscription) sets `exit`; after a reconnect
 * everything is read again.
 */
export function useRoomLive(roomId: string, hostId: string | undefined, { enabled = true, userId }: RoomLiveOptions = {}) {
  const queryClient = useQueryClient()
  const [ended, setEnded] = useState(false)
  const [exit, setExit] = useState<RoomExit | null>(null)
  useRealtimeTopic(
    `room:${roomId}`,
    (event) => {
      const data = event.data
      switch (event.type) {
        case 'room.participant_joined':
        case 'room.participant_left': {
          const userId = field(data, 'user_id')
          const count = field(data, 'participant_count')
          const profile = field(data, 'profile')
          if (typeof count === 'number') setCachedParticipantCount(queryClient, roomId, count)
          if (typeof userId !== 'string') break
          if (event.type === 'room.participant_left') {
            removeCachedParticipant(queryClient, roomId, userId)
          } else if (isProfile(profile)) {
            addCachedParticipant(queryClient, roomId, {
              user_id: userId,
              is_host: userId === hostId,
              joined_at: new Date().toISOString(),
              profile,
            })
          }
          // The names listed lag behind the count (a join missed between the
          // first read and the subscription): read them again. They may also
          // be fewer for good (members in a block relation are left out);
          // then this reads them once per change, no more.
          if (typeof count === 'number' && listedParticipants(queryClient, roomId) !== count) {
            void queryClient.invalidateQueries({ queryKey: roomKeys.participants(roomId) })
          }
          break
        }
        case 'room.message': {
          const message = field(data, 'message')
          if (isMessage(message)) addCachedMessage(queryClient, roomId, message)
          break
        }
        case 'room.ended':
          setEnded(true)
          void queryClient.invalidateQueries({ queryKey: roomKeys.list })
          break
        case 'room.participant_removed':
          if (userId !== undefined && field(data, 'user_id') === userId) {
            setExit(field(data, 'banned') === true ? 'banned' : 'removed')
          }
          break
        case REVOKED_EVENT:
          setExit((known) => known ?? 'gone')
          void queryClient.invalidateQueries({ queryKey: roomKeys.list })
          break
      }
    },
    () =>
      Promise.all([
        catchUpQueries(queryClient, roomKeys.detail(roomId)),
        catchUpQueries(queryClient, roomKeys.participants(roomId)),
        catchUpQueries(queryClient, roomKeys.messages(roomId)),
      ]),
    { catchUp: true, enabled },
  )
  return { ended, exit }
}
