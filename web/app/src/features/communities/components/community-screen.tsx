import { ArrowLeft, Settings, Users } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'

import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { QueryLoadFailed } from '@/components/load-failed'
import { Skeleton } from '@/components/ui/skeleton'
import { useSession } from '@/features/session'
import { ApiError } from '@/lib/api'

import { useCommunity, useForgetWhenDeleted } from '../api/communities'
import { canSeePosts, membershipView } from '../membership-view'
import { communitiesMessages as m } from '../messages'
import { communitiesPaths } from '../paths'
import type { Community } from '../types'

import { profileName } from '../names'
import { ClosedLock, CommunityAvatar, PrivacyBadge } from './community-bits'
import { CommunityFeed } from './community-feed'
import { ManageDialog } from './manage-dialog'
import { MembershipButton } from './membership-button'

/** /communities/:id: one community, its members and posts. */
export function CommunityScreen() {
  const { id = '' } = useParams()
  const community = useCommunity(id)
  useForgetWhenDeleted(id)

  if (community.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={m.detailLoading} className="grid gap-4">
        <Skeleton className="h-9 w-24" />
        <Card className="flex items-center gap-4 p-6">
          <Skeleton className="size-16 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </Card>
      </div>
    )
  }

  if (community.isError) {
    const notFound = community.error instanceof ApiError && community.error.status === 404
    return (
      <section className="grid justify-items-center gap-4 py-16 text-center">
        {notFound ? (
          <h1 className="text-2xl font-bold">{m.notFound}</h1>
        ) : (
          <>
            <h1 className="sr-only">{m.title}</h1>
            <QueryLoadFailed query={community} message={m.detailFailed} retryLabel={m.retry} />
          </>
        )}
        <Button asChild variant={notFound ? 'default' : 'ghost'}>
          <Link to={communitiesPaths.communities}>{m.backToCommunities}</Link>
        </Button>
      </section>
    )
  }

  return <CommunityView community={community.data} />
}

function CommunityView({ community }: { community: Community }) {
  const { user } = useSession()
  const view = membershipView(community, user?.id)
  const [managing, setManaging] = useState(false)
  const ownerName = profileName(community.owner)

  return (
    <section className="grid gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to={communitiesPaths.communities}>
            <ArrowLeft aria-hidden="true" />
            {m.back}
          </Link>
        </Button>
      </div>

      <Card className="grid gap-4 p-6">
        {/* On a phone the actions take a row of their own under the name,
            which keeps the whole width beside the avatar; from sm they sit
            at the right of it. */}
        <header className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
          <CommunityAvatar community={community} className="size-16" size={64} />
          <div className="grid min-w-0 gap-1">
            <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
              <span className="truncate" title={community.name}>
                {community.name}
              </span>
              <ClosedLock community={community} />
            </h1>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1 whitespace-nowrap">
                <Users aria-hidden="true" className="size-4" />
                {m.members(community.member_count)}
              </span>
              <PrivacyBadge community={community} />
            </div>
          </div>
          <div className="col-span-2 flex flex-wrap gap-2 sm:col-span-1">
            <MembershipButton
              community={community}
              view={view}
              labels={{ pending: m.pendingRequest, leave: m.leaveCommunity, owner: null }}
            />
            {view === 'owner' ? (
              <Button
                variant="outline"
                onClick={() => {
                  setManaging(true)
                }}
              >
                <Settings aria-hidden="true" />
                {m.manage}
              </Button>
            ) : null}
          </div>
        </header>
        {community.description ? <p className="wrap-anywhere whitespace-pre-line">{community.description}</p> : null}
        {ownerName ? <p className="text-sm text-muted-foreground">{m.createdBy(ownerName)}</p> : null}
      </Card>

      {canSeePosts(view) ? (
        <CommunityFeed community={community} isOwner={view === 'owner'} />
      ) : (
        <Card className="grid justify-items-center gap-2 p-8 text-center">
          <Users aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{m.joinTitle}</h2>
          <p className="text-muted-foreground">{m.joinHint}</p>
        </Card>
      )}

      {view === 'owner' ? <ManageDialog community={community} open={managing} onOpenChange={setManaging} /> : null}
    </section>
  )
}
