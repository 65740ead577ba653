import { useQueryClient } from '@tanstack/react-query'

import { useApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { notificationKeys } from '../api/notification-keys'
import { markAllNotificationsRead, markNotificationRead } from '../api/notifications-api'
import { storeUnreadCount, updateCachedList } from '../api/notifications-cache'
import type { UnreadCount } from '../types'

/**
 * A failed mark-read is only logged (silent failures); the
 * server's state is read again so the screen does not lie.
 */
function useSilentFailure() {
  const queryClient = useQueryClient()
  return (error: Error) => {
    console.error('notifications mark-read failed', error)
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
  }
}

/** Marks one notification read at once (styling and count), then takes the server's count. */
export function useMarkRead() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const onError = useSilentFailure()
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(client, id),
    onMutate: (id) => {
      updateCachedList(queryClient, (items) => items.map((item) => (item.id === id ? { ...item, is_read: true } : item)))
      const count = queryClient.getQueryData<number>(notificationKeys.unread)
      if (count !== undefined) storeUnreadCount(queryClient, count - 1)
    },
    onSuccess: ({ unread_count }: UnreadCount) => {
      storeUnreadCount(queryClient, unread_count)
    },
    onError,
  })
}

/** 'Mark all read': every row and the badge at once, then the server's count. */
export function useMarkAllRead() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const onError = useSilentFailure()
  return useMutation({
    mutationFn: () => markAllNotificationsRead(client),
    onMutate: () => {
      updateCachedList(queryClient, (items) => items.map((item) => ({ ...item, is_read: true })))
      storeUnreadCount(queryClient, 0)
    },
    onSuccess: ({ unread_count }: UnreadCount) => {
      storeUnreadCount(queryClient, unread_count)
    },
    onError,
  })
}
