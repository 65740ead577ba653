/**
 * Test data for /api/v1/rooms, answered at the fetch boundary (the
 * TestResponder hook of src/testing/test-fetch).
 */
import { profileRefs } from '@/testing/fixtures'
import { json, problem } from '@/testing/test-fetch'

import type { Room, RoomMessage, RoomParticipant, RoomProfile, Station } from './types'

// The fetch boundary's route table, shared by every feature's tests.
export { routes, sent } from '@/testing/test-fetch'

export const anaRef: RoomProfile = profileRefs.ana
export const biaRef: RoomProfile = profileRefs.bia
export const caioRef: RoomProfile = profileRefs.caio

export function makeRoom(id: string, changes: Partial<Room> = {}): Room {
  return {
    id,
    name: `Sala ${id}`,
    description: null,
    host_id: biaRef.id,
    host: biaRef,
    is_public: true,
    track_source: 'radio',
    track_id: 'st-1',
    current_track: 'Jazz FM',
    current_artist: 'Brazil',
    track_preview_url: 'https://radio.example/jazz',
    track_image_url: null,
    is_active: true,
    participant_count: 1,
    playback: null,
    created_at: '2026-11-20T12:00:00Z',
    updated_at: '2026-11-20T12:00:00Z',
    ended_at: null,
    ...changes,
  }
}

export const hostedBy = (profile: RoomProfile) => ({ host_id: profile.id, host: profile })

export function makeStation(id: string, changes: Partial<Station> = {}): Station {
  return {
    id,
    name: `Estação ${id}`,
    country: 'Brazil',
    tags: ['jazz'],
    stream_url: `https://radio.example/${id}`,
    ...changes,
  }
}

export function makeParticipant(profile: RoomProfile, isHost = false): RoomParticipant {
  return { user_id: profile.id, is_host: isHost, joined_at: '2026-11-20T12:00:00Z', profile }
}

export function makeMessage(id: string, author: RoomProfile, text: string, createdAt = '2026-11-20T15:04:00Z'): RoomMessage {
  return { id, room_id: 'r1', user_id: author.id, text, created_at: createdAt, author }
}

export const ok = (body: unknown) => json(200, body)
export const created = (body: unknown) => json(201, body)
export const noContent = () => new Response(null, { status: 204 })
export const roomNotFound = () =>
  problem(404, { title: 'Not Found', code: 'room_not_found', detail: 'Sala não encontrada' })

