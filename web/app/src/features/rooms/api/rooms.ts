import { useQuery, useQueryClient } from '@tanstack/react-query'

import { unwrap, unwrapEmpty, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { STATION_GENRE } from '../constants'
import type { NewRoom, Room, StationsAnswer } from '../types'

import { removeCachedParticipant, setCachedParticipantCount } from './room-live-data'
import { roomKeys } from './room-keys'

/** GET /api/v1/rooms: the active rooms, newest first. */
export function useRooms() {
  const client = useApiClient()
  return useQuery({
    queryKey: roomKeys.list,
    queryFn: async (): Promise<Room[]> =>
      unwrap('GET /api/v1/rooms', await client.GET('/api/v1/rooms')).items ?? [],
  })
}

/** GET /api/v1/rooms/stations?genre=jazz, read while `enabled` (the create dialog is open). */
export function useStations(enabled: boolean) {
  const client = useApiClient()
  return useQuery({
    queryKey: roomKeys.stations(STATION_GENRE),
    enabled,
    queryFn: async (): Promise<StationsAnswer> => {
      const answer = unwrap(
        'GET /api/v1/rooms/stations',
        await client.GET('/api/v1/rooms/stations', { params: { query: { genre: STATION_GENRE } } }),
      )
      // An invalid shape is an error.
      if (!Array.isArray(answer.stations)) throw new Error('GET /api/v1/rooms/stations: no station list')
      return answer
    },
  })
}

/** GET /api/v1/rooms/{id}. */
export function useRoom(id: string) {
  const client = useApiClient()
  return useQuery({
    queryKey: roomKeys.detail(id),
    queryFn: async (): Promise<Room> =>
      unwrap(`GET /api/v1/rooms/${id}`, await client.GET('/api/v1/rooms/{id}', { params: { path: { id } } })),
  })
}

/** POST /api/v1/rooms: the new room is cached for its page. */
export function useCreateRoom() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: NewRoom): Promise<Room> =>
      unwrap('POST /api/v1/rooms', await client.POST('/api/v1/rooms', { body })),
    onSuccess: (room) => {
      queryClient.setQueryData(roomKeys.detail(room.id), room)
      void queryClient.invalidateQueries({ queryKey: roomKeys.list })
    },
  })
}

/** POST /api/v1/rooms/{id}/join (idempotent). */
export function useJoinRoom() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        `POST /api/v1/rooms/${id}/join`,
        await client.POST('/api/v1/rooms/{id}/join', { params: { path: { id } } }),
      ),
    // The page may have read the participants before this join, and its
    // socket may not have been subscribed yet when the join's event went out.
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: roomKeys.participants(id) })
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(id) })
    },
  })
}

/** POST /api/v1/rooms/{id}/leave (idempotent). */
export function useLeaveRoom() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        `POST /api/v1/rooms/${id}/leave`,
        await client.POST('/api/v1/rooms/{id}/leave', { params: { path: { id } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.list }),
  })
}

/** POST /api/v1/rooms/{id}/end (host only; the server checks). */
export function useEndRoom() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      unwrapEmpty(
        `POST /api/v1/rooms/${id}/end`,
        await client.POST('/api/v1/rooms/{id}/end', { params: { path: { id } } }),
      )
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.list }),
  })
}

/** Which participant the host takes out, and whether for good. */
export interface Removal {
  roomId: string
  userId: string
  ban: boolean
}

/**
 * POST /api/v1/rooms/{id}/participants/{user_id}/remove (they may come back)
 * or /ban (they may not); host only, the server checks.
 */
export function useRemoveParticipant() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ roomId, userId, ban }: Removal) => {
      const params = { params: { path: { id: roomId, user_id: userId } } }
      if (ban) {
        return unwrap(
          `POST /api/v1/rooms/${roomId}/participants/${userId}/ban`,
          await client.POST('/api/v1/rooms/{id}/participants/{user_id}/ban', params),
        )
      }
      return unwrap(
        `POST /api/v1/rooms/${roomId}/participants/${userId}/remove`,
        await client.POST('/api/v1/rooms/{id}/participants/{user_id}/remove', params),
      )
    },
    onSuccess: (answer, { roomId, userId }) => {
      removeCachedParticipant(queryClient, roomId, userId)
      setCachedParticipantCount(queryClient, roomId, answer.participant_count)
    },
  })
}
