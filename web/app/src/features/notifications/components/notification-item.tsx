import {
  Bell,
  Download,
  Heart,
  LogIn,
  MessageCircle,
  ShieldAlert,
  ShieldCheck,
  UserPlus,
  type LucideIcon,
} from 'lucide-react'
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

const noticeIcons: Record<string, LucideIcon> = {
  export_ready: Download,
  report_resolved: ShieldCheck,
  post_removed: ShieldAlert,
  new_sign_in: LogIn,
}

type NoticeKind = keyof typeof m.notices

function isNoticeKind(notice: string | null): notice is NoticeKind {
  return notice !== null && notice in m.notices
}

/**
 * A notice from the service as the list shows it: the screen's own texts
 * for the notices it knows (the server's for one it does not), a removed
 * post's excerpt (the post is gone), a new sign-in's device.
 */
function noticeContent(notification: Notification): { title: string; body: string | null; excerpt: string | null } {
  const { notice, message } = notification
  if (!isNoticeKind(notice)) return { title: notification.title, body: notification.body, excerpt: null }
  const texts = m.notices[notice]
  if (notice === 'post_removed' && message) return { title: texts.title, body: null, excerpt: message }
  if (notice === 'new_sign_in' && message) {
    return { title: texts.title, body: `${m.signInFrom(message)} ${texts.body}`, excerpt: null }
  }
  return { title: texts.title, body: texts.body, excerpt: null }
}

function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?'
}

interface NotificationItemProps {
  notification: Notification
  /** Called when the member opens it (before navigating). */
  onOpen: (notification: Notification) => void
}

/** The picture of a row: the sender's avatar with the type's icon, or the service's own badge. */
function RowPicture({ notification }: { notification: Notification }) {
  const { sender } = notification
  if (notification.type === 'system' || !sender) {
    const Icon = noticeIcons[notification.notice ?? ''] ?? Bell
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" data-testid={`icon-notice-${notification.notice ?? 'other'}`} />
      </span>
    )
  }
  const kind = icons[notification.type] ?? defaultIcon
  const Icon = kind.icon
  return (
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
  )
}

/**
 * One row: sender avatar and type icon (the service's badge for its
 * notices), title, excerpt or the notice's text, pt-BR age; unread rows
 * stand out.
 */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const system = notification.type === 'system'
  const label = system ? m.typeLabel.system : (icons[notification.type] ?? defaultIcon).label
  const texts = system
    ? noticeContent(notification)
    : { title: notification.title, body: null, excerpt: notification.message }
  const target = notificationTarget(notification)
  const unread = !notification.is_read
  const className = cn(
    'flex w-full items-start gap-3 rounded-lg border p-3 text-left transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
    unread ? 'border-primary/30 bg-primary/5' : 'bg-card',
  )
  const content: ReactNode = (
    <>
      <RowPicture notification={notification} />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="sr-only">{label}: </span>
        <span className={cn('wrap-anywhere', unread ? 'font-semibold' : 'font-medium')}>{texts.title}</span>
        {texts.body ? <span className="text-sm wrap-anywhere text-muted-foreground">{texts.body}</span> : null}
        {texts.excerpt ? (
          <span className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">
            {system ? <span className="sr-only">{m.removedPostLabel} </span> : null}
            {texts.excerpt}
          </span>
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
