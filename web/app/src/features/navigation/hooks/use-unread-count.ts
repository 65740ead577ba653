import { useUnreadCount as useSharedUnreadCount } from '@/features/notifications'

/**
 * Unread notifications for the 'Notificações' badge: the notifications
 * feature's shared count (GET /notifications/unread-count, then the live
 * events' unread_count), so the badge and the screen always agree.
 */
export function useUnreadCount(): number {
  return useSharedUnreadCount()
}
