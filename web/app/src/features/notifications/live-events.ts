import type { RealtimeEvent } from '@/lib/realtime'

/** The topic of the signed-in member's notifications. */
export function notificationsTopic(userId: string): string {
  return `user:${userId}:notifications`
}

export const NOTIFICATION_CREATED = 'notification.created'
export const NOTIFICATION_REMOVED = 'notification.removed'
export const NOTIFICATION_READ = 'notification.read'

/** {id?, unread_count} of a notification event, read defensively. */
export interface NotificationEventData {
  id?: string
  unreadCount?: number
}

export function readNotificationEvent(event: RealtimeEvent): NotificationEventData {
  const data = event.data
  if (typeof data !== 'object' || data === null) return {}
  const result: NotificationEventData = {}
  if ('id' in data && typeof data.id === 'string') result.id = data.id
  if ('unread_count' in data && typeof data.unread_count === 'number' && Number.isFinite(data.unread_count)) {
    result.unreadCount = Math.max(0, data.unread_count)
  }
  return result
}
