import { Crown } from 'lucide-react'

import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

import { roomsMessages as m } from '../messages'
import type { RoomParticipant } from '../types'

/** 'Participantes (n)': name, @handle and a crown for the host. */
export function RoomParticipants({ participants }: { participants: RoomParticipant[] }) {
  return (
    <Card role="region" aria-labelledby="room-participants">
      <CardHeader>
        <CardTitle id="room-participants">{m.participantsTitle(participants.length)}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {participants.map((participant) => {
            const name = participant.profile.display_name || m.unknownUser
            return (
              <li key={participant.user_id} className="flex items-center gap-3">
                <Avatar className="size-8">
                  {participant.profile.avatar_url ? <AvatarImage src={participant.profile.avatar_url} alt="" /> : null}
                  <AvatarFallback>{name.slice(0, 1).toUpperCase()}</AvatarFallback>
                </Avatar>
                <div className="grid min-w-0">
                  <span className="flex items-center gap-1 truncate text-sm font-medium">
                    {name}
                    {participant.is_host ? (
                      <Crown role="img" aria-label={m.host} className="size-4 text-yellow-500" />
                    ) : null}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">@{participant.profile.handle}</span>
                </div>
              </li>
            )
          })}
        </ul>
      </CardContent>
    </Card>
  )
}
