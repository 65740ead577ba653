import type { ApiPaths } from '@/lib/api'

type Json<T extends { responses: { 200: { content: { 'application/json': unknown } } } }> =
  T['responses'][200]['content']['application/json']

/** GET /api/v1/notifications: the 50 newest and the unread count (items may come as null). */
export type NotificationList = Json<ApiPaths['/api/v1/notifications']['get']>

/** One row of the notifications screen; `title` is pt-BR, rendered by the server. */
export type Notification = NonNullable<NotificationList['items']>[number]

/** The unread count every notification call answers with. */
export type UnreadCount = Json<ApiPaths['/api/v1/notifications/unread-count']['get']>
