import { Music, Plus, Users } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'

import { CardGrid } from '@/components/card-grid'
import { Page } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { QueryLoadFailed } from '@/components/load-failed'
import { Placeholders } from '@/components/placeholders'
import { Skeleton } from '@/components/ui/skeleton'

import { useRooms } from '../api/rooms'
import { useRoomsListLive } from '../hooks/use-rooms-list-live'
import { roomsMessages as m } from '../messages'
import { roomsPaths } from '../paths'
import type { Room } from '../types'

import { CreateRoomDialog } from './create-room-dialog'
import { TrackArt } from './track-art'

const PLACEHOLDER_COUNT = 3

/** /listening-rooms: the list of rooms. */
export function RoomsScreen() {
  const rooms = useRooms()
  useRoomsListLive()
  const [creating, setCreating] = useState(false)
  const openCreate = () => {
    setCreating(true)
  }

  let content
  if (rooms.isPending) {
    content = (
      <Placeholders label={m.loading} count={PLACEHOLDER_COUNT} busy className="grid gap-4 md:grid-cols-2">
        <Card className="grid gap-3 p-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-9 w-full" />
        </Card>
      </Placeholders>
    )
  } else if (rooms.isError) {
    content = (
      <QueryLoadFailed query={rooms} message={m.loadFailed} retryLabel={m.retryList} />
    )
  } else if (rooms.data.length === 0) {
    content = (
      <Card className="grid justify-items-center gap-3 px-6 py-12 text-center">
        <Music aria-hidden="true" className="size-12 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{m.empty}</h2>
        <p className="text-muted-foreground">{m.emptyHint}</p>
        <Button onClick={openCreate}>
          <Plus aria-hidden="true" />
          {m.createFirst}
        </Button>
      </Card>
    )
  } else {
    content = <CardGrid items={rooms.data}>{(room) => <RoomCard room={room} />}</CardGrid>
  }

  return (
    <Page
      title={m.title}
      actions={
        <Button onClick={openCreate}>
          <Plus aria-hidden="true" />
          {m.createRoom}
        </Button>
      }
    >
      {content}
      <CreateRoomDialog open={creating} onOpenChange={setCreating} />
    </Page>
  )
}

function RoomCard({ room }: { room: Room }) {
  return (
    <Card className="gap-4 p-4" aria-labelledby={`room-${room.id}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h2 id={`room-${room.id}`} title={room.name} className="line-clamp-2 text-lg font-semibold">
            {room.name}
          </h2>
          <p className="truncate text-sm text-muted-foreground" title={room.host.display_name}>
            {m.byHost(room.host.display_name)}
          </p>
        </div>
        <span className="flex shrink-0 items-center gap-1 text-sm text-muted-foreground">
          <Users aria-hidden="true" className="size-4" />
          {m.participants(room.participant_count)}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <TrackArt src={room.track_image_url} name={room.current_track ?? room.name} />
        <div className="grid min-w-0">
          {room.current_track ? (
            <p className="truncate font-medium" title={room.current_track}>
              {room.current_track}
            </p>
          ) : null}
          {room.current_artist ? <p className="truncate text-sm text-muted-foreground">{room.current_artist}</p> : null}
        </div>
      </div>
      {room.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{room.description}</p> : null}
      <Button asChild className="mt-auto w-full">
        <Link to={roomsPaths.listeningRoom(room.id)}>{m.enterRoom}</Link>
      </Button>
    </Card>
  )
}
