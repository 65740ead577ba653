import { LogOut } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router'

import { MemberAvatar } from '@/components/member-avatar'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

import { CountBadge } from './count-badge'
import type { NavLinkEntry, NavUser } from './nav-types'

interface SideBarProps {
  /** Accessible name of the navigation landmark. */
  label: string
  entries: NavLinkEntry[]
  logo: ReactNode
  user: NavUser | null
  signOutLabel: string
  onSignOut: () => void
  signingOut?: boolean
  className?: string
}

/** Desktop navigation (md and up): links, then the member and 'Sair'. */
export function SideBar({ label, entries, logo, user, signOutLabel, onSignOut, signingOut, className }: SideBarProps) {
  return (
    <aside className={cn('sticky top-0 h-svh w-64 shrink-0 flex-col border-r bg-card px-3 py-4', className)}>
      <div className="px-3 pb-6">{logo}</div>
      <nav aria-label={label} className="flex-1 overflow-y-auto">
        <ul className="grid gap-1">
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                end={entry.end}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground',
                    isActive && 'bg-accent text-accent-foreground',
                  )
                }
              >
                <entry.icon aria-hidden="true" className="size-5" />
                <span className="flex-1">{entry.label}</span>
                {entry.badge ? <CountBadge count={entry.badge.count} label={entry.badge.label} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 grid gap-3 border-t pt-4">
        {user ? (
          <div className="flex items-center gap-3 px-3">
            <MemberAvatar
              aria-hidden="true"
              src={user.avatarUrl}
              variants={user.avatarVariants}
              name={user.name}
              initial={user.name.slice(0, 1).toUpperCase()}
              size={32}
            />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{user.name}</p>
              {user.handle ? <p className="truncate text-xs text-muted-foreground">{user.handle}</p> : null}
            </div>
          </div>
        ) : null}
        <Button variant="ghost" className="justify-start" onClick={onSignOut} disabled={signingOut}>
          <LogOut aria-hidden="true" />
          {signOutLabel}
        </Button>
      </div>
    </aside>
  )
}
