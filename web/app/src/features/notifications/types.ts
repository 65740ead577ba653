import type { ApiPaths, JsonBody } from '@/lib/api'

/** GET /api/v1/notifications: the 50 newest and the unread count (items may come as null). */
export type NotificationList = JsonBody<ApiPaths['/api/v1/notifications/list']['get']['responses'][200]>

/** One row of the notifications screen; `title` is pt-BR, rendered by the server. */
export type Notification = NonNullable<NotificationList['items']>[number]

/** The unread count every notification call answers with. */
export type UnreadCount = JsonBody<ApiPaths['/api/v1/notifications/unread-count']['get']['responses'][200]>
