import { Link } from 'react-router'

import { MemberAvatar } from '@/components/member-avatar'
import { Badge } from '@/components/ui/badge'
import { VerifiedBadge } from '@/components/verified-badge'
import type { PluginSearchKind } from '@/features/plugins'

import { searchMessages as m } from '../messages'
import type { SearchResult } from '../types'

const numberFormat = new Intl.NumberFormat('pt-BR')

function initialOf(title: string): string {
  return Array.from(title.trim())[0]?.toUpperCase() ?? '?'
}

/**
 * One result: type icon, avatar, title, 'Verified', subtitle, 'n members',
 * type badge. Its kind (the core's or a plugin's) gives the icon, the badge
 * and where the row leads.
 */
export function SearchResultRow({ result, kind }: { result: SearchResult; kind: PluginSearchKind }) {
  const Icon = kind.icon
  return (
    <li>
      <Link
        to={kind.target(result)}
        className="flex items-center gap-3 rounded-lg border bg-card p-3 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <MemberAvatar
          aria-hidden="true"
          className="size-10"
          size={40}
          src={result.avatar}
          variants={result.avatar_variants}
          name={result.title}
          initial={initialOf(result.title)}
        />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="truncate font-medium">{result.title}</span>
            {result.verified ? <VerifiedBadge label={m.verified} /> : null}
          </span>
          {result.subtitle ? <span className="truncate text-sm text-muted-foreground">{result.subtitle}</span> : null}
          {result.member_count !== null ? (
            <span className="text-xs text-muted-foreground">{m.members(numberFormat.format(result.member_count))}</span>
          ) : null}
        </span>
        <Badge variant="outline" className="shrink-0">
          {kind.label}
        </Badge>
      </Link>
    </li>
  )
}
