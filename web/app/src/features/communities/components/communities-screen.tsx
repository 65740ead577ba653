import { Plus, Users } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'

import { CardGrid } from '@/components/card-grid'
import { Page } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { SearchInput } from '@/components/search-input'
import { QueryLoadFailed } from '@/components/load-failed'
import { Placeholders } from '@/components/placeholders'
import { Skeleton } from '@/components/ui/skeleton'
import { useSession } from '@/features/session'
import { useDebouncedValue } from '@/lib/use-debounced-value'

import { useCommunities } from '../api/communities'
import { membershipView } from '../membership-view'
import { communitiesMessages as m } from '../messages'
import { communitiesPaths } from '../paths'
import type { Community } from '../types'

import { profileName } from '../names'
import { ClosedLock, CommunityAvatar, PrivacyBadge } from './community-bits'
import { MembershipButton } from './membership-button'

/** Placeholder cards while the list loads. */
const PLACEHOLDER_COUNT = 4

/** Ours: the server is asked once typing pauses this long. */
const SEARCH_DELAY_MS = 300

/** Case-insensitive match on name or description (the server filters too; this keeps typing instant). */
function matches(community: Community, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('pt-BR')
  if (!needle) return true
  return (
    community.name.toLocaleLowerCase('pt-BR').includes(needle) ||
    (community.description ?? '').toLocaleLowerCase('pt-BR').includes(needle)
  )
}

/** /communities: the list of communities. */
export function CommunitiesScreen() {
  const [search, setSearch] = useState('')
  const communities = useCommunities(useDebouncedValue(search, SEARCH_DELAY_MS))

  const shown = (communities.data ?? []).filter((community) => matches(community, search))

  let content
  if (communities.isPending) {
    content = (
      <Placeholders label={m.loading} count={PLACEHOLDER_COUNT} busy className="grid gap-4 md:grid-cols-2">
        <Card data-testid="community-placeholder" className="grid gap-3 p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-2/3" />
        </Card>
      </Placeholders>
    )
  } else if (communities.isError) {
    content = (
      <QueryLoadFailed query={communities} message={m.loadFailed} retryLabel={m.retry} />
    )
  } else if (shown.length === 0) {
    content = (
      <div className="grid justify-items-center gap-2 py-12 text-center">
        <Users aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">{m.empty}</p>
        <p className="text-sm text-muted-foreground">{search.trim() ? m.emptySearchHint : m.emptyHint}</p>
      </div>
    )
  } else {
    content = <CardGrid items={shown}>{(community) => <CommunityCard community={community} />}</CardGrid>
  }

  return (
    <Page
      title={m.title}
      actions={
        <Button asChild>
          <Link to={communitiesPaths.createCommunity}>
            <Plus aria-hidden="true" />
            {m.create}
          </Link>
        </Button>
      }
    >
      <SearchInput
        aria-label={m.searchLabel}
        placeholder={m.searchPlaceholder}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value)
        }}
      />
      {content}
    </Page>
  )
}

function CommunityCard({ community }: { community: Community }) {
  const ownerName = profileName(community.owner)
  const nameId = useId()
  return (
    <Card role="article" aria-label={community.name} className="grid gap-3 p-4">
      <header className="flex items-start gap-3">
        <CommunityAvatar community={community} />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id={nameId} className="flex items-center gap-1.5 font-semibold">
            <span className="truncate" title={community.name}>
              {community.name}
            </span>
            <ClosedLock community={community} />
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>{m.members(community.member_count)}</span>
            <PrivacyBadge community={community} />
          </div>
        </div>
      </header>
      {community.description ? (
        <p className="line-clamp-3 text-sm wrap-anywhere text-muted-foreground">{community.description}</p>
      ) : null}
      {ownerName ? <p className="text-xs text-muted-foreground">{m.by(ownerName)}</p> : null}
      <div className="flex items-center justify-end gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={communitiesPaths.community(community.id)} aria-describedby={nameId}>
            {m.view}
          </Link>
        </Button>
        <ListMembershipButton community={community} />
      </div>
    </Card>
  )
}

/** The list's membership button. */
function ListMembershipButton({ community }: { community: Community }) {
  const { user } = useSession()
  return (
    <MembershipButton
      community={community}
      view={membershipView(community, user?.id)}
      size="sm"
      labels={{ pending: m.pending, leave: m.leave, owner: m.ownerButton }}
    />
  )
}
