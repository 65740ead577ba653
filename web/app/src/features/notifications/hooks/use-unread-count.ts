import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { useSession } from '@/features/session'
import { useApiClient, type ApiClient } from '@/lib/api'
import { useFirstScreenDrawn } from '@/lib/first-screen'
import { useRealtimeTopic } from '@/lib/realtime'
import { catchUpQueries } from '@/lib/react-query'

import { notificationKeys } from '../api/notification-keys'
import { showAppBadge } from '../app-badge'
import { countUnread } from '../api/notifications-api'
import { storeUnreadCount } from '../api/notifications-cache'
import { notificationsTopic, readNotificationEvent } from '../live-events'

export function unreadCountQueryOptions(client: ApiClient, enabled: boolean) {
  return queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await countUnread(client)).unread_count,
    enabled,
  })
}

/**
 * The unread count the navigation badge and the notifications screen share:
 * one GET /notifications/unread-count, then every live event's unread_count
 * on user:{id}:notifications; read again over HTTP after a reconnect. The
 * first read waits for the first screen to be drawn.
 * Failures are only logged (silent failures): the count stays.
 */
export function useUnreadCount(): number {
  const { user } = useSession()
  const client = useApiClient()
  const queryClient = useQueryClient()
  const drawn = useFirstScreenDrawn()
  const query = useQuery(unreadCountQueryOptions(client, user !== null && drawn))
  const { error } = query

  useEffect(() => {
    if (error) console.error('notifications unread count failed', error)
  }, [error])

  useRealtimeTopic(
    notificationsTopic(user?.id ?? 'anonymous'),
    (event) => {
      const { unreadCount } = readNotificationEvent(event)
      if (unreadCount !== undefined) storeUnreadCount(queryClient, unreadCount)
    },
    () => catchUpQueries(queryClient, notificationKeys.unread),
    { catchUp: true },
  )

  // The installed app's icon follows the count (reading clears a push's mark).
  const count = query.data
  useEffect(() => {
    if (count !== undefined) showAppBadge(count)
  }, [count])

  return query.data ?? 0
}
