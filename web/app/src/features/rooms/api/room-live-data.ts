import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'

import { unwrap, useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import type { PlaybackAction, Room, RoomMessage, RoomParticipant } from '../types'

import { roomKeys } from './room-keys'

/** GET /api/v1/rooms/{id}/participants. */
export function useParticipants(id: string, enabled: boolean) {
  const client = useApiClient()
  return useQuery({
    queryKey: roomKeys.participants(id),
    enabled,
    queryFn: async (): Promise<RoomParticipant[]> =>
      unwrap(
        `GET /api/v1/rooms/${id}/participants`,
        await client.GET('/api/v1/rooms/{id}/participants', { params: { path: { id } } }),
      ).items ?? [],
  })
}

/** GET /api/v1/rooms/{id}/messages: the last 100, oldest first. */
export function useMessages(id: string, enabled: boolean) {
  const client = useApiClient()
  return useQuery({
    queryKey: roomKeys.messages(id),
    enabled,
    queryFn: async (): Promise<RoomMessage[]> =>
      unwrap(
        `GET /api/v1/rooms/${id}/messages`,
        await client.GET('/api/v1/rooms/{id}/messages', { params: { path: { id } } }),
      ).items ?? [],
  })
}

// Live events are written into the cache as they come; a read in flight
// meanwhile is read again by the app's query client (AppQueryClient), so its
// older answer does not undo them.

/** Adds a message to the cached chat once (the sender also gets it as room.message). */
export function addCachedMessage(queryClient: QueryClient, roomId: string, message: RoomMessage) {
  queryClient.setQueryData<RoomMessage[]>(roomKeys.messages(roomId), (old) =>
    old?.some((m) => m.id === message.id) ? old : [...(old ?? []), message],
  )
}

export function addCachedParticipant(queryClient: QueryClient, roomId: string, participant: RoomParticipant) {
  queryClient.setQueryData<RoomParticipant[]>(roomKeys.participants(roomId), (old) =>
    old?.some((p) => p.user_id === participant.user_id) ? old : [...(old ?? []), participant],
  )
}

export function removeCachedParticipant(queryClient: QueryClient, roomId: string, userId: string) {
  queryClient.setQueryData<RoomParticipant[]>(roomKeys.participants(roomId), (old) =>
    old?.filter((p) => p.user_id !== userId),
  )
}

/** How many participants the cached list names (undefined before the first read). */
export function listedParticipants(queryClient: QueryClient, roomId: string): number | undefined {
  return queryClient.getQueryData<RoomParticipant[]>(roomKeys.participants(roomId))?.length
}

export function setCachedParticipantCount(queryClient: QueryClient, roomId: string, count: number) {
  queryClient.setQueryData<Room>(roomKeys.detail(roomId), (old) =>
    old ? { ...old, participant_count: Math.max(0, count) } : old,
  )
}

/** POST /api/v1/rooms/{id}/messages {text}. */
export function useSendMessage(roomId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (text: string): Promise<RoomMessage> =>
      unwrap(
        `POST /api/v1/rooms/${roomId}/messages`,
        await client.POST('/api/v1/rooms/{id}/messages', { params: { path: { id: roomId } }, body: { text } }),
      ),
    onSuccess: (message) => {
      addCachedMessage(queryClient, roomId, message)
    },
  })
}

/** POST /api/v1/rooms/{id}/playback {action, position_seconds} (host only). */
export function useSendPlayback(roomId: string) {
  const client = useApiClient()
  return useMutation({
    mutationFn: async ({ action, position }: { action: PlaybackAction; position: number }) =>
      unwrap(
        `POST /api/v1/rooms/${roomId}/playback`,
        await client.POST('/api/v1/rooms/{id}/playback', {
          params: { path: { id: roomId } },
          body: { action, position_seconds: position },
        }),
      ),
  })
}
