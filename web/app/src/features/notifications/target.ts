import { paths } from '@/config/paths'

import type { Notification } from './types'

/**
 * Where opening a notification leads: a follow to the sender's profile, any
 * other type about a post to that post; null when there is nowhere to go.
 */
export function notificationTarget(notification: Notification): string | null {
  if (notification.type === 'follow') return paths.userProfile(notification.sender.handle)
  if (notification.post_id) return paths.post(notification.post_id)
  return null
}
