import type { ApiPaths, JsonBody as Json } from '@/lib/api'

/** The rooms contract (plugins/rooms/httpapi), from the OpenAPI document. */

type ApiRoom = Json<ApiPaths['/api/v1/rooms/{id}']['get']['responses'][200]>
export type RoomPlayback = ApiRoom['playback']
/** playback is null for radio rooms: the document says so, but its generated type drops the null (allOf). */
export type Room = Omit<ApiRoom, 'playback'> & { playback: RoomPlayback | null }
export type RoomProfile = Room['host']
export type StationsAnswer = Json<ApiPaths['/api/v1/rooms/stations']['get']['responses'][200]>
export type Station = NonNullable<StationsAnswer['stations']>[number]
export type RoomParticipant = NonNullable<
  Json<ApiPaths['/api/v1/rooms/{id}/participants']['get']['responses'][200]>['items']
>[number]
export type RoomMessage = NonNullable<Json<ApiPaths['/api/v1/rooms/{id}/messages']['get']['responses'][200]>['items']>[number]
export type NewRoom = NonNullable<ApiPaths['/api/v1/rooms']['post']['requestBody']>['content']['application/json']

export type PlaybackAction = 'play' | 'pause' | 'seek'
