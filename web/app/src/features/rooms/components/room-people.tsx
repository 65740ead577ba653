import { Ban, Crown, MoreHorizontal, UserMinus } from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { MemberAvatar } from '@/components/member-avatar'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { ApiError } from '@/lib/api'

import { useRemoveParticipant } from '../api/rooms'
import { roomsMessages as m } from '../messages'
import type { RoomParticipant } from '../types'

interface RoomParticipantsProps {
  /**
   * The room's participant_count, the number the rooms list shows: everyone
   * in the room. The names below leave out members in a block relation with
   * the viewer, so they may be fewer.
   */
  count: number
  participants: RoomParticipant[]
  /** The room, when the viewer hosts it: each other participant gets the host's menu. */
  hostOf?: string
}

/** 'Participantes (n)': name, @handle and a crown for the host; the host's menu on the others. */
export function RoomParticipants({ count, participants, hostOf }: RoomParticipantsProps) {
  const [asking, setAsking] = useState<{ participant: RoomParticipant; ban: boolean } | null>(null)
  return (
    <Card role="region" aria-labelledby="room-participants">
      <CardHeader>
        <CardTitle id="room-participants">{m.participantsTitle(count)}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {participants.map((participant) => {
            const name = participant.profile.display_name || m.unknownUser
            return (
              <li key={participant.user_id} className="flex items-center gap-3">
                <MemberAvatar
                  className="size-8"
                  size={32}
                  src={participant.profile.avatar_url}
                  variants={participant.profile.avatar_variants}
                  name={name}
                />
                <div className="grid min-w-0 flex-1">
                  <span className="flex items-center gap-1 truncate text-sm font-medium">
                    {name}
                    {participant.is_host ? (
                      <Crown role="img" aria-label={m.host} className="size-4 text-yellow-500" />
                    ) : null}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">@{participant.profile.handle}</span>
                </div>
                {hostOf && !participant.is_host ? (
                  <ParticipantMenu
                    participant={participant}
                    onChoose={(ban) => {
                      setAsking({ participant, ban })
                    }}
                  />
                ) : null}
              </li>
            )
          })}
        </ul>
      </CardContent>
      {hostOf && asking ? (
        <RemoveDialog
          roomId={hostOf}
          participant={asking.participant}
          ban={asking.ban}
          onClose={() => {
            setAsking(null)
          }}
        />
      ) : null}
    </Card>
  )
}

function ParticipantMenu({ participant, onChoose }: { participant: RoomParticipant; onChoose: (ban: boolean) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={m.participantOptions(participant.profile.handle)}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          onSelect={() => {
            onChoose(false)
          }}
        >
          <UserMinus aria-hidden="true" />
          {m.remove}
        </DropdownMenuItem>
        <DropdownMenuItem
          className="text-destructive"
          onSelect={() => {
            onChoose(true)
          }}
        >
          <Ban aria-hidden="true" />
          {m.ban}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

interface RemoveDialogProps {
  roomId: string
  participant: RoomParticipant
  ban: boolean
  onClose: () => void
}

/** Asks before taking a participant out; confirming removes (or bans), says so and closes. */
function RemoveDialog({ roomId, participant, ban, onClose }: RemoveDialogProps) {
  const remove = useRemoveParticipant()
  const handle = participant.profile.handle
  const onConfirm = () => {
    remove.mutate(
      { roomId, userId: participant.user_id, ban },
      {
        onSuccess: () => {
          toast.success(ban ? m.banned(handle) : m.removed(handle))
          onClose()
        },
        onError: (error) => {
          toast.error(m.removeFailed, {
            description: error instanceof ApiError ? error.problem?.detail : undefined,
          })
        },
      },
    )
  }
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={ban ? m.banTitle(handle) : m.removeTitle(handle)}
      description={ban ? m.banDescription(handle) : m.removeDescription(handle)}
      cancelLabel={m.cancel}
      confirmLabel={remove.isPending ? (ban ? m.banning : m.removing) : ban ? m.banConfirm : m.removeConfirm}
      pending={remove.isPending}
      onConfirm={onConfirm}
      closeLabel={m.close}
    />
  )
}
