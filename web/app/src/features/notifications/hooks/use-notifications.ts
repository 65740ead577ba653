import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { useApiClient, type ApiClient } from '@/lib/api'
import { useRealtimeTopic } from '@/lib/realtime'
import { catchUpQueries } from '@/lib/react-query'

import { notificationKeys } from '../api/notification-keys'
import { listNotifications } from '../api/notifications-api'
import { newestFirst, storeUnreadCount, updateCachedList } from '../api/notifications-cache'
import {
  NOTIFICATION_CREATED,
  NOTIFICATION_READ,
  NOTIFICATION_REMOVED,
  notificationsTopic,
  readNotificationEvent,
} from '../live-events'

export function notificationsQueryOptions(client: ApiClient, queryClient: QueryClient) {
  return queryOptions({
    queryKey: notificationKeys.list,
    queryFn: async () => {
      const list = await listNotifications(client)
      // The list carries the count too: the badge agrees with the screen.
      storeUnreadCount(queryClient, list.unread_count)
      return { ...list, items: newestFirst(list.items ?? []) }
    },
  })
}

/**
 * The signed-in member's notifications, newest first, kept live: a created
 * one reads the list again (it lands on top), a removed one leaves, a read
 * one (or all, without an id) loses its unread styling. Fetch failures are
 * only logged.
 */
export function useNotifications(userId: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const query = useQuery(notificationsQueryOptions(client, queryClient))
  const { error } = query

  useEffect(() => {
    if (error) console.error('notifications fetch failed', error)
  }, [error])

  useRealtimeTopic(
    notificationsTopic(userId),
    (event) => {
      const { id } = readNotificationEvent(event)
      if (event.type === NOTIFICATION_CREATED) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list })
      } else if (event.type === NOTIFICATION_REMOVED && id) {
        updateCachedList(queryClient, (items) => items.filter((item) => item.id !== id))
      } else if (event.type === NOTIFICATION_READ) {
        updateCachedList(queryClient, (items) =>
          items.map((item) => (id === undefined || item.id === id ? { ...item, is_read: true } : item)),
        )
      }
    },
    () => catchUpQueries(queryClient, notificationKeys.list),
    { catchUp: true },
  )

  return query
}
