import { Bell, Heart, MessageCircle, UserPlus, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { MemberAvatar } from '@/components/member-avatar'
import { cn } from '@/lib/utils'

import { notificationsMessages as m } from '../messages'
import { relativeTime } from '../relative-time'
import { notificationTarget } from '../target'
import type { Notification } from '../types'

const icons: Partial<Record<string, { icon: LucideIcon; label: string; className: string }>> = {
  like: { icon: Heart, label: m.typeLabel.like, className: 'text-red-500' },
  comment: { icon: MessageCircle, label: m.typeLabel.comment, className: 'text-blue-500' },
  follow: { icon: UserPlus, label: m.typeLabel.follow, className: 'text-green-600' },
}
const defaultIcon = { icon: Bell, label: m.typeLabel.other, className: 'text-muted-foreground' }

function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?'
}

interface NotificationItemProps {
  notification: Notification
  /** Called when the member opens it (before navigating). */
  onOpen: (notification: Notification) => void
}

/** One row: sender avatar, type icon, title, excerpt, pt-BR age; unread rows stand out. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { sender } = notification
  const kind = icons[notification.type] ?? defaultIcon
  const Icon = kind.icon
  const target = notificationTarget(notification)
  const unread = !notification.is_read
  const className = cn(
    'flex w-full items-start gap-3 rounded-lg border p-3 text-left transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
    unread ? 'border-primary/30 bg-primary/5' : 'bg-card',
  )
  const content: ReactNode = (
    <>
      <span className="relative shrink-0">
        <MemberAvatar
          className="size-10"
          aria-hidden="true"
          src={sender.avatar_url}
          variants={sender.avatar_variants}
          name={sender.display_name || sender.handle}
          initial={initialOf(sender.display_name || sender.handle)}
          size={40}
        />
        <span className="absolute -right-1 -bottom-1 rounded-full bg-background p-0.5">
          <Icon aria-hidden="true" className={cn('size-4', kind.className)} data-testid={`icon-${notification.type}`} />
        </span>
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="sr-only">{kind.label}: </span>
        <span className={cn('wrap-anywhere', unread ? 'font-semibold' : 'font-medium')}>{notification.title}</span>
        {notification.message ? (
          <span className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">{notification.message}</span>
        ) : null}
        <time dateTime={notification.created_at} className="text-xs text-muted-foreground">
          {relativeTime(notification.created_at)}
        </time>
      </span>
      {unread ? (
        <span className="mt-2 flex shrink-0 items-center">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-primary" />
          <span className="sr-only">{m.unread}</span>
        </span>
      ) : null}
    </>
  )

  return (
    <li data-unread={unread ? 'true' : undefined}>
      {target ? (
        <Link
          to={target}
          className={className}
          onClick={() => {
            onOpen(notification)
          }}
        >
          {content}
        </Link>
      ) : (
        <button
          type="button"
          className={className}
          onClick={() => {
            onOpen(notification)
          }}
        >
          {content}
        </button>
      )}
    </li>
  )
}
