import { LogOut } from 'lucide-react'
import { NavLink } from 'react-router'

import { cn } from '@/lib/utils'

import { CountBadge } from './count-badge'
import type { NavLinkEntry } from './nav-types'

interface BottomBarProps {
  /** Accessible name of the navigation landmark. */
  label: string
  entries: NavLinkEntry[]
  signOutLabel: string
  onSignOut: () => void
  signingOut?: boolean
  className?: string
}

// Each entry as wide as its label (flex-auto, not equal shares): eight
// labels fit a 390-pixel phone whole, where equal shares cut 'Comunidades'.
const itemClass =
  'flex min-w-0 flex-auto flex-col items-center gap-0.5 rounded-md px-1 py-1.5 text-[11px] font-medium text-muted-foreground transition-colors hover:text-foreground'

/** Mobile navigation (below md), fixed to the bottom edge. */
export function BottomBar({ label, entries, signOutLabel, onSignOut, signingOut, className }: BottomBarProps) {
  return (
    <nav
      aria-label={label}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur',
        className,
      )}
    >
      <ul className="flex items-stretch justify-around gap-0.5 px-1">
        {entries.map((entry) => (
          <li key={entry.to} className="flex min-w-0 flex-auto">
            <NavLink
              to={entry.to}
              end={entry.end}
              className={({ isActive }) => cn(itemClass, isActive && 'text-primary')}
            >
              <span className="relative">
                <entry.icon aria-hidden="true" className="size-5" />
                {entry.badge ? (
                  <CountBadge
                    count={entry.badge.count}
                    label={entry.badge.label}
                    className="absolute -top-2 -right-3"
                  />
                ) : null}
              </span>
              {/* max-w-full: in a centred column a label is as wide as its
                  text, so without it a long one spills onto its neighbours
                  instead of ending in an ellipsis. */}
              <span className="max-w-full truncate">{entry.label}</span>
            </NavLink>
          </li>
        ))}
        <li className="flex min-w-0 flex-auto">
          <button type="button" className={itemClass} onClick={onSignOut} disabled={signingOut}>
            <LogOut aria-hidden="true" className="size-5" />
            <span className="max-w-full truncate">{signOutLabel}</span>
          </button>
        </li>
      </ul>
    </nav>
  )
}
