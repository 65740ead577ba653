import { unwrap, type ApiClient } from '@/lib/api'

import type { UnreadCount } from '../types'

/** GET /api/v1/notifications: the 50 newest, newest first, and the unread count. */
export async function listNotifications(client: ApiClient) {
  return unwrap('GET /api/v1/notifications/list', await client.GET('/api/v1/notifications/list'))
}

/** GET /api/v1/notifications/unread-count: the navigation badge's number. */
export async function countUnread(client: ApiClient): Promise<UnreadCount> {
  return unwrap('GET /api/v1/notifications/unread-count', await client.GET('/api/v1/notifications/unread-count'))
}

/** POST /api/v1/notifications/{id}/read (idempotent): answers the new unread count. */
export async function markNotificationRead(client: ApiClient, id: string): Promise<UnreadCount> {
  return unwrap(
    `POST /api/v1/notifications/${id}/read`,
    await client.POST('/api/v1/notifications/{id}/read', { params: { path: { id } } }),
  )
}

/** POST /api/v1/notifications/read-all: answers the new unread count (0). */
export async function markAllNotificationsRead(client: ApiClient): Promise<UnreadCount> {
  return unwrap('POST /api/v1/notifications/read-all', await client.POST('/api/v1/notifications/read-all'))
}
