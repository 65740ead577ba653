import type { QueryClient } from '@tanstack/react-query'

import type { Notification, NotificationList } from '../types'

import { notificationKeys } from './notification-keys'

/** Sets the shared unread count (badge and screen), never below 0. */
export function storeUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData<number>(notificationKeys.unread, Math.max(0, count))
}

/** Changes the cached list, if any, keeping its shape. */
export function updateCachedList(queryClient: QueryClient, change: (items: Notification[]) => Notification[]): void {
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (data) =>
    data ? { ...data, items: change(data.items ?? []) } : data,
  )
}

/** Newest first (new ones are placed on top). */
export function newestFirst(items: readonly Notification[]): Notification[] {
  return [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
}
