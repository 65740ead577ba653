/** Timings and defaults of the rooms' players and station list. */
export const STATION_GENRE = 'jazz'
export const DEFAULT_TRACK_SECONDS = 30
export const RADIO_AUTOPLAY_MS = 1000
export const RADIO_RETRY_AFTER_END_MS = 2000
export const RADIO_RETRY_AFTER_ERROR_MS = 3000
/** The server's limit of a room's description (code points). */
export const ROOM_DESCRIPTION_MAX = 500
