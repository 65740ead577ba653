import { Link } from 'react-router'

import { Placeholders } from '@/components/placeholders'
import { RowSkeleton } from '@/components/row-skeleton'
import { MemberAvatar } from '@/components/member-avatar'
import { NextPageButton } from '@/components/next-page-button'
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { VerifiedBadge } from '@/components/verified-badge'
import { paths } from '@/config/paths'

import { useFollows } from '../api/follows'
import { profileMessages as m } from '../messages'
import type { FollowDirection, FollowEntry } from '../types'

interface FollowsDialogProps {
  handle: string
  direction: FollowDirection
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Who follows a member, or whom they follow: links to each profile, 50 at a time. */
export function FollowsDialog({ handle, direction, open, onOpenChange }: FollowsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} closeLabel={m.close} className="max-h-[80svh]">
        <DialogHeader>
          <DialogTitle>{direction === 'followers' ? m.followers : m.following}</DialogTitle>
        </DialogHeader>
        {open ? (
          <FollowsList
            handle={handle}
            direction={direction}
            onNavigate={() => {
              onOpenChange(false)
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function FollowsList({
  handle,
  direction,
  onNavigate,
}: {
  handle: string
  direction: FollowDirection
  onNavigate: () => void
}) {
  const query = useFollows(handle, direction)

  if (query.isPending) {
    return (
      <Placeholders label={m.followsLoading} count={3} className="grid gap-3">
        <div className="flex items-center gap-3">
          <RowSkeleton pictureClassName="size-10 rounded-full" titleWidth="w-32" subtitleWidth="w-20" />
        </div>
      </Placeholders>
    )
  }
  if (query.isError) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-muted-foreground">
        {m.followsFailed}
      </p>
    )
  }
  const entries = query.data.pages.flatMap((page) => page.items ?? [])
  if (entries.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        {direction === 'followers' ? m.noFollowers(handle) : m.noFollowing(handle)}
      </p>
    )
  }
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-busy={query.isFetchingNextPage || undefined}>
        {entries.map((entry) => (
          <FollowRow key={entry.id} entry={entry} onNavigate={onNavigate} />
        ))}
      </ul>
      <NextPageButton pages={query}>{query.isFetchingNextPage ? m.loadingMore : m.loadMore}</NextPageButton>
    </div>
  )
}

function FollowRow({ entry, onNavigate }: { entry: FollowEntry; onNavigate: () => void }) {
  const to = paths.userProfile(entry.handle)
  const name = entry.display_name || entry.handle
  return (
    <li className="flex items-center gap-3">
      <MemberAvatar
        className="size-10"
        aria-hidden="true"
        src={entry.avatar_url}
        variants={entry.avatar_variants}
        name={name}
        size={40}
      />
      <div className="grid min-w-0 flex-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Link to={to} onClick={onNavigate} className="truncate font-medium hover:underline">
            {name}
          </Link>
          {entry.is_verified ? <VerifiedBadge label={m.verified} /> : null}
        </div>
        <Link to={to} onClick={onNavigate} className="truncate text-sm text-muted-foreground hover:underline">
          {m.handle(entry.handle)}
        </Link>
      </div>
    </li>
  )
}
