import { MemberAvatar } from '@/components/member-avatar'
import { NextPageButton } from '@/components/next-page-button'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { QueryLoadFailed } from '@/components/load-failed'
import { Placeholders } from '@/components/placeholders'

import { useRelationList, type Relation } from '../api/relations'
import { safetyMessages as m } from '../messages'

import { useRelationAction } from './use-relation-action'

/** The viewer's blocked or muted members, each with its undo; loading, empty and failed states. */
export function RelationList({ relation }: { relation: Relation }) {
  const list = useRelationList(relation)
  const action = useRelationAction()
  const block = relation === 'block'
  const items = list.data?.pages.flatMap((p) => p.items ?? []) ?? []

  if (list.isPending) {
    return (
      <Placeholders label={block ? m.loadingBlocked : m.loadingMuted} count={2} className="grid gap-2">
        <Skeleton className="h-12 w-full rounded-lg" />
      </Placeholders>
    )
  }
  if (list.isError) {
    return (
      <QueryLoadFailed query={list} message={m.listFailed} retryLabel={m.retry} layout="inline" />
    )
  }
  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground">{block ? m.noBlocked : m.noMuted}</p>
  }
  return (
    <div className="grid gap-2">
      <ul aria-label={block ? m.blockedList : m.mutedList} className="divide-y rounded-lg border">
        {items.map((entry) => {
          const name = entry.display_name || entry.handle
          const undoing = action.pending && action.variables?.handle === entry.handle
          return (
            <li key={entry.id} aria-label={name} className="flex items-center gap-3 p-3">
              <MemberAvatar
                className="size-9 shrink-0"
                src={entry.avatar_url}
                variants={entry.avatar_variants}
                name={name}
                size={36}
              />
              <div className="grid min-w-0 flex-1">
                <span className="truncate font-medium" title={name}>
                  {name}
                </span>
                <span className="truncate text-sm text-muted-foreground" title={m.handle(entry.handle)}>
                  {m.handle(entry.handle)}
                </span>
              </div>
              <Button
                variant="outline"
                className="h-11 shrink-0 sm:h-9"
                aria-label={block ? m.undoBlockOf(entry.handle) : m.undoMuteOf(entry.handle)}
                disabled={undoing}
                onClick={() => {
                  action.run(relation, entry.handle, false)
                }}
              >
                {block ? m.undoBlock : m.undoMute}
              </Button>
            </li>
          )
        })}
      </ul>
      <NextPageButton pages={list} variant="ghost" className="justify-self-start">
        {list.isFetchingNextPage ? m.loadingMore : m.loadMore}
      </NextPageButton>
    </div>
  )
}
