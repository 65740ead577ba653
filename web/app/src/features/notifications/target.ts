import { paths } from '@/config/paths'

import type { Notification } from './types'

/**
 * Where opening a notification leads: a follow to the sender's profile, any
 * other type about a post to that post; a notice from the service to the
 * archive's download or the sessions in Settings (a removed post is gone:
 * nowhere); null when there is nowhere to go.
 */
export function notificationTarget(notification: Notification): string | null {
  if (notification.type === 'system') {
    if (notification.notice === 'export_ready') return `${paths.settings}#${paths.settingsSections.data}`
    if (notification.notice === 'new_sign_in') return `${paths.settings}#${paths.settingsSections.sessions}`
    return null
  }
  if (notification.type === 'follow' && notification.sender) return paths.userProfile(notification.sender.handle)
  if (notification.post_id) return paths.post(notification.post_id)
  return null
}
