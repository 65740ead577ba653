import type { ReactNode } from 'react'
import { NavLink } from 'react-router'

import { cn } from '@/lib/utils'

import { CountBadge } from './count-badge'
import type { NavLinkEntry } from './nav-types'

interface TopBarProps {
  /** Accessible name of the navigation landmark. */
  label: string
  /** The screens the bottom bar has no room for, each an icon with its counter. */
  entries: NavLinkEntry[]
  logo: ReactNode
  className?: string
}

/**
 * Mobile header (below md): the mark, then the screens the bottom bar leaves
 * out (messages, notifications, settings) as icons with their unread
 * counters, where phone apps keep them. Each icon is named by its label, and
 * its counter is read after the name.
 */
export function TopBar({ label, entries, logo, className }: TopBarProps) {
  return (
    <header
      className={cn(
        'sticky top-0 z-40 flex items-center justify-between gap-2 border-b bg-card/95 px-4 pt-[env(safe-area-inset-top)] backdrop-blur',
        className,
      )}
    >
      {logo}
      <nav aria-label={label}>
        <ul className="flex items-center gap-1">
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                end={entry.end}
                className={({ isActive }) =>
                  cn(
                    'relative flex size-11 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground',
                    isActive && 'text-primary',
                  )
                }
              >
                <entry.icon aria-hidden="true" className="size-6" />
                <span className="sr-only">{entry.label}</span>
                {entry.badge ? (
                  <CountBadge
                    count={entry.badge.count}
                    label={entry.badge.label}
                    className="absolute top-0.5 right-0"
                  />
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  )
}
