import { BellOff, CheckCheck } from 'lucide-react'

import { Page } from '@/components/layout/page'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Placeholders } from '@/components/placeholders'
import { useSession } from '@/features/session'

import { useMarkAllRead, useMarkRead } from '../hooks/use-mark-read'
import { useNotifications } from '../hooks/use-notifications'
import { useUnreadCount } from '../hooks/use-unread-count'
import { notificationsMessages as m } from '../messages'
import type { Notification } from '../types'

import { NotificationItem } from './notification-item'

/** /notifications; signed out, only the sign-in prompt. */
export function NotificationsScreen() {
  const { user } = useSession()
  if (!user) {
    return (
      <Page title={m.title}>
        <p className="py-16 text-center text-muted-foreground">{m.loggedOut}</p>
      </Page>
    )
  }
  return <SignedInNotifications userId={user.id} />
}

function SignedInNotifications({ userId }: { userId: string }) {
  const query = useNotifications(userId)
  const unreadCount = useUnreadCount()
  const markRead = useMarkRead()
  const markAllRead = useMarkAllRead()

  const open = (notification: Notification) => {
    if (!notification.is_read) markRead.mutate(notification.id)
  }

  const items = query.data?.items ?? []
  const actions = (
    <div className="flex items-center gap-3">
      <span aria-live="polite" aria-atomic="true">
        {unreadCount > 0 ? <Badge variant="destructive">{m.unreadBadge(unreadCount)}</Badge> : null}
      </span>
      {unreadCount > 0 ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            markAllRead.mutate()
          }}
          disabled={markAllRead.isPending}
        >
          <CheckCheck aria-hidden="true" />
          {m.markAllRead}
        </Button>
      ) : null}
    </div>
  )

  return (
    <Page title={m.title} actions={actions}>
      {query.isPending ? (
        <Placeholders label={m.loading} count={5} className="grid gap-2">
          <Skeleton className="h-20 w-full rounded-lg" />
        </Placeholders>
      ) : items.length === 0 ? (
        <div className="grid justify-items-center gap-2 py-16 text-center">
          <BellOff aria-hidden="true" className="size-12 text-muted-foreground" />
          <p className="text-lg font-semibold">{m.empty}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{m.emptyHint}</p>
        </div>
      ) : (
        <ul aria-label={m.listLabel} className="grid gap-2">
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onOpen={open} />
          ))}
        </ul>
      )}
    </Page>
  )
}
