import { useQueryClient } from '@tanstack/react-query'

import { useRealtimeTopic } from '@/lib/realtime'
import { catchUpQueries } from '@/lib/react-query'

import { roomKeys } from '../api/room-keys'
import type { Room } from '../types'

import { field } from './use-room-live'

/** The topic every member on the rooms list follows (architecture § Rooms). */
export const ROOMS_LIST_TOPIC = 'rooms:list'

/**
 * Keeps /listening-rooms live: a room that opens is read again with the
 * list, one that ends leaves it at once, and participant counts follow
 * room.participant_count. After a reconnect the list is read again.
 */
export function useRoomsListLive() {
  const queryClient = useQueryClient()
  useRealtimeTopic(
    ROOMS_LIST_TOPIC,
    (event) => {
      const roomId = field(event.data, 'room_id')
      if (typeof roomId !== 'string') return
      switch (event.type) {
        case 'room.created':
          void queryClient.invalidateQueries({ queryKey: roomKeys.list })
          break
        case 'room.ended':
          queryClient.setQueryData<Room[]>(roomKeys.list, (rooms) => rooms?.filter((room) => room.id !== roomId))
          break
        case 'room.participant_count': {
          const count = field(event.data, 'participant_count')
          if (typeof count !== 'number') break
          queryClient.setQueryData<Room[]>(roomKeys.list, (rooms) =>
            rooms?.map((room) => (room.id === roomId ? { ...room, participant_count: Math.max(0, count) } : room)),
          )
          break
        }
      }
    },
    () => catchUpQueries(queryClient, roomKeys.list),
    { catchUp: true },
  )
}
