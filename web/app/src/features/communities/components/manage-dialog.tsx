import { useState, type ComponentProps, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { MemberAvatar } from '@/components/member-avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { ApiError } from '@/lib/api'

import { useDeleteCommunity } from '../api/communities'
import { useCommunityMembers, useMemberAction, type MemberAction } from '../api/members'
import { communitiesMessages as m } from '../messages'
import { communitiesPaths } from '../paths'
import type { Community, CommunityMember, CommunityRole } from '../types'
import { initialOf, profileName } from '../names'

type ButtonVariant = ComponentProps<typeof Button>['variant']

const roleLabels: Record<CommunityRole, string> = {
  owner: m.roleOwner,
  admin: m.roleAdmin,
  member: m.roleMember,
}

interface ManageDialogProps {
  community: Community
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** 'Gerenciar Comunidade', the owner's dialog. */
export function ManageDialog({ community, open, onOpenChange }: ManageDialogProps) {
  const closed = community.privacy === 'closed'
  const pending = useCommunityMembers(community.id, 'pending', open && closed)
  const members = useCommunityMembers(community.id, 'approved', open)
  const action = useMemberAction(community.id)
  const [confirming, setConfirming] = useState(false)

  const requests = pending.data ?? []
  /** A small button running one action on a member; all wait while one runs. */
  const actionButton = (next: MemberAction, label: string, variant?: ButtonVariant) => (
    <Button
      size="sm"
      variant={variant}
      disabled={action.isPending}
      onClick={() => {
        action.mutate(next)
      }}
    >
      {label}
    </Button>
  )

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent closeLabel={m.close}>
          <DialogHeader>
            <DialogTitle>{m.manageTitle}</DialogTitle>
            <DialogDescription>{m.manageDescription}</DialogDescription>
          </DialogHeader>

          {closed && requests.length > 0 ? (
            <section aria-labelledby="community-requests" className="grid gap-2">
              <h3 id="community-requests" className="font-medium">
                {m.pendingRequests(requests.length)}
              </h3>
              <ul className="grid gap-2">
                {requests.map((member) => (
                  <MemberRow key={member.id} member={member}>
                    {actionButton({ kind: 'approve', member }, m.approve)}
                    {actionButton({ kind: 'reject', member }, m.reject, 'outline')}
                  </MemberRow>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="community-members" className="grid gap-2">
            {members.isPending ? (
              <p role="status" className="text-sm text-muted-foreground">
                {m.membersLoading}
              </p>
            ) : members.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {m.membersFailed}
              </p>
            ) : (
              <>
                <h3 id="community-members" className="font-medium">
                  {m.membersHeading(members.data.length)}
                </h3>
                <ul className="grid gap-2">
                  {members.data.map((member) => {
                    const isOwner = member.role === 'owner' || member.user_id === community.owner_id
                    return (
                      <MemberRow key={member.id} member={member} role={isOwner ? 'owner' : member.role}>
                        {isOwner ? null : (
                          <>
                            {actionButton(
                              { kind: 'role', member, role: member.role === 'admin' ? 'member' : 'admin' },
                              member.role === 'admin' ? m.removeAdmin : m.makeAdmin,
                              'outline',
                            )}
                            {actionButton({ kind: 'remove', member }, m.remove, 'destructive')}
                          </>
                        )}
                      </MemberRow>
                    )
                  })}
                </ul>
              </>
            )}
          </section>

          <DialogFooter>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirming(true)
              }}
            >
              {m.deleteCommunity}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDeleteDialog community={community} open={confirming} onOpenChange={setConfirming} />
    </>
  )
}

function MemberRow({
  member,
  role,
  children,
}: {
  member: CommunityMember
  role?: CommunityRole
  children: ReactNode
}) {
  const name = profileName(member.profile) || member.user_id
  return (
    <li aria-label={name} className="flex flex-wrap items-center gap-2 rounded-md border p-2">
      <MemberAvatar
        className="size-8"
        src={member.profile.avatar_url}
        variants={member.profile.avatar_variants}
        name={name}
        initial={initialOf(name)}
        size={32}
      />
      <div className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-medium">{name}</span>
        {member.profile.handle ? (
          <span className="truncate text-xs text-muted-foreground">@{member.profile.handle}</span>
        ) : null}
      </div>
      {role ? <Badge variant={role === 'member' ? 'outline' : 'secondary'}>{roleLabels[role]}</Badge> : null}
      <div className="flex gap-1">{children}</div>
    </li>
  )
}

/** 'Você tem certeza?': the deletion is permanent (posts and members go too). */
function ConfirmDeleteDialog({
  community,
  open,
  onOpenChange,
}: {
  community: Community
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const navigate = useNavigate()
  const remove = useDeleteCommunity()
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={m.confirmTitle}
      description={m.confirmDescription}
      cancelLabel={m.cancel}
      confirmLabel={m.confirmDelete}
      pending={remove.isPending}
      lockWhilePending
      onConfirm={() => {
        remove.mutate(community.id, {
          onSuccess: () => {
            toast.success(m.deleted)
            // Replaced: Back must not lead to a page that is gone.
            void navigate(communitiesPaths.communities, { replace: true })
          },
          onError: (error) => {
            const status = error instanceof ApiError ? error.status : undefined
            const detail = error instanceof ApiError ? error.problem?.detail : undefined
            toast.error(m.deleteFailed, {
              description: status === 401 ? m.signInRequired : detail,
            })
            onOpenChange(false)
          },
        })
      }}
    />
  )
}
