import { Flag, MoreHorizontal, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { BlockDialog, SafetyMenuItems } from '@/features/safety'

import { useReportPost } from '../api/report-post'
import { postsMessages as m } from '../messages'
import type { FeedPost } from '../types'

export interface PostMenuProps {
  post: FeedPost
  /** The signed-in member wrote it: 'Editar' and 'Excluir' instead of 'Denunciar'. */
  isOwn: boolean
  /** Someone else's post the member may delete all the same: 'Excluir' beside 'Denunciar'. */
  canDelete: boolean
  onEdit: () => void
  onDelete: (post: FeedPost) => void
  /** Open as it is drawn: the member already pressed the button standing in for it (PostMenuButton). */
  defaultOpen?: boolean
}

/**
 * A post's '…' menu: edit and delete one's own post, report someone else's,
 * mute or block its author. Loaded on first use (post-menu-button.tsx): no
 * card needs it to be drawn.
 */
export function PostMenu({ post, isOwn, canDelete, onEdit, onDelete, defaultOpen }: PostMenuProps) {
  const report = useReportPost()
  const [blocking, setBlocking] = useState(false)
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={m.moreOptions}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {isOwn ? (
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden="true" />
              {m.edit}
            </DropdownMenuItem>
          ) : null}
          {isOwn || canDelete ? (
            <DropdownMenuItem
              className="text-destructive"
              onSelect={() => {
                onDelete(post)
              }}
            >
              <Trash2 aria-hidden="true" />
              {m.delete}
            </DropdownMenuItem>
          ) : null}
          {isOwn ? null : (
            <DropdownMenuItem
              disabled={report.isPending}
              onSelect={() => {
                report.mutate(post.id)
              }}
            >
              <Flag aria-hidden="true" />
              {m.report}
            </DropdownMenuItem>
          )}
          {isOwn || !post.author.handle ? null : (
            <SafetyMenuItems
              handle={post.author.handle}
              onBlock={() => {
                setBlocking(true)
              }}
            />
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {isOwn || !post.author.handle ? null : (
        <BlockDialog handle={post.author.handle} open={blocking} onOpenChange={setBlocking} />
      )}
    </>
  )
}
