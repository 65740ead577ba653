import { ArrowLeft, Ban, LogOut, Music, Power, UserMinus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from '@/lib/toast'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/session'
import { ApiError } from '@/lib/api'

import { useMessages, useParticipants } from '../api/room-live-data'
import { useEndRoom, useJoinRoom, useLeaveRoom, useRoom } from '../api/rooms'
import { useRoomLive } from '../hooks/use-room-live'
import { roomsMessages as m } from '../messages'
import { roomsPaths } from '../paths'
import type { Room } from '../types'

import { RadioPlayer } from './radio-player'
import { RoomChat } from './room-chat'
import { RoomParticipants } from './room-people'
import { SyncedPlayer } from './synced-player'
import { TrackArt } from './track-art'

/** /listening-room/:roomId: one room, its player, chat and listeners. */
export function RoomScreen() {
  const { roomId = '' } = useParams()
  // Each visit joins anew: 'Entrar novamente' after a removal starts another.
  const [visit, setVisit] = useState(0)
  return (
    <RoomVisit
      key={`${roomId}:${String(visit)}`}
      roomId={roomId}
      onRejoin={() => {
        setVisit((n) => n + 1)
      }}
    />
  )
}

const isBanned = (error: unknown) => error instanceof ApiError && error.problem?.code === 'room_banned'

function RoomVisit({ roomId, onRejoin }: { roomId: string; onRejoin: () => void }) {
  const { user } = useSession()
  const room = useRoom(roomId)
  const join = useJoinOnEnter(roomId, room.data?.is_active === true)
  // The topic is followed once the join settled: a member the host removed
  // comes back by joining, and only then may subscribe again.
  const { ended, exit } = useRoomLive(roomId, room.data?.host_id, { enabled: join !== 'pending', userId: user?.id })
  const end = useEndOnRequest(roomId)

  if (exit === 'banned' || join === 'banned' || isBanned(room.error)) return <RoomExit banned />
  if (exit === 'removed') return <RoomExit banned={false} onRejoin={onRejoin} />
  // room.ended, a 404 (unknown or ended), the subscription ended by the
  // server and any other error all read 'Sala não encontrada', but for the
  // host who just pressed 'Encerrar Sala': the room's own room.ended (or
  // its 404 when read again) comes before the answer to the end, and they
  // are told the room ended.
  if (ended || exit === 'gone' || room.isError || room.data?.is_active === false) {
    return end.endedByMe ? <RoomEnded /> : <RoomNotFound />
  }
  if (room.isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label={m.loadingRoom} />
      </div>
    )
  }
  return <RoomView room={room.data} end={end} />
}

function RoomNotFound() {
  return (
    <section className="grid justify-items-center gap-4 py-16 text-center">
      <Music aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight">{m.notFound}</h1>
      <p className="text-muted-foreground">{m.notFoundHint}</p>
      <Button asChild>
        <Link to={roomsPaths.listeningRooms}>{m.backToRooms}</Link>
      </Button>
    </section>
  )
}

/** What the host sees once they ended the room, until the list opens. */
function RoomEnded() {
  return (
    <section role="status" className="grid justify-items-center gap-4 py-16 text-center">
      <Power aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight">{m.ended}</h1>
      <Button asChild>
        <Link to={roomsPaths.listeningRooms}>{m.backToRooms}</Link>
      </Button>
    </section>
  )
}

interface RoomEnd {
  /** Asks the server to end the room: 'Sala encerrada' and the list, or 'Não foi possível encerrar a sala'. */
  request: () => void
  pending: boolean
  /** The end was asked for here and has not failed. */
  endedByMe: boolean
}

/**
 * The host's 'Encerrar Sala'. It lives with the visit, not with the room's
 * view: the room's own room.ended replaces the view before the server's
 * answer arrives, and a mutation's callbacks given to `mutate` do not run
 * once the component that called it is gone.
 */
function useEndOnRequest(roomId: string): RoomEnd {
  const navigate = useNavigate()
  const end = useEndRoom()
  const [asked, setAsked] = useState(false)
  const { mutate } = end
  const request = () => {
    setAsked(true)
    mutate(roomId, {
      onSuccess: () => {
        toast.success(m.ended)
        void navigate(roomsPaths.listeningRooms)
      },
      onError: () => {
        setAsked(false)
        toast.error(m.endFailed)
      },
    })
  }
  return { request, pending: end.isPending, endedByMe: asked }
}

/** The member the host took out: removed (they may join again) or banned. */
function RoomExit({ banned, onRejoin }: { banned: boolean; onRejoin?: () => void }) {
  const Icon = banned ? Ban : UserMinus
  return (
    <section role="alert" className="grid justify-items-center gap-4 py-16 text-center">
      <Icon aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight">{banned ? m.youWereBanned : m.youWereRemoved}</h1>
      <p className="text-muted-foreground">{banned ? m.youWereBannedHint : m.youWereRemovedHint}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onRejoin ? <Button onClick={onRejoin}>{m.rejoin}</Button> : null}
        <Button asChild variant={onRejoin ? 'outline' : 'default'}>
          <Link to={roomsPaths.listeningRooms}>{m.backToRooms}</Link>
        </Button>
      </div>
    </section>
  )
}

type JoinState = 'pending' | 'settled' | 'banned'

const JOIN_TOAST_POSITION = 'top-center'

/**
 * Joins once per visit, once the room was read: 'Entrou na sala!', duplicate
 * errors ignored; says when the join settled.
 */
function useJoinOnEnter(roomId: string, ready: boolean): JoinState {
  const join = useJoinRoom()
  const joined = useRef<string | null>(null)
  const [state, setState] = useState<JoinState>('pending')
  const { mutate } = join
  useEffect(() => {
    if (!ready || joined.current === roomId) return
    joined.current = roomId
    mutate(roomId, {
      onSuccess: () => {
        // At the top: on a phone the bottom corner is where the chat's box is.
        toast.success(m.joined, { position: JOIN_TOAST_POSITION })
      },
      onSettled: (_answer, error) => {
        setState(isBanned(error) ? 'banned' : 'settled')
      },
      onError: (error) => {
        if (isBanned(error)) return
        const text = `${error.message} ${error instanceof ApiError ? (error.problem?.detail ?? '') : ''}`.toLowerCase()
        if (text.includes('duplicate') || text.includes('already exists')) return
        toast.error(m.joinFailed)
      },
    })
  }, [roomId, ready, mutate])
  return state
}

function RoomView({ room, end }: { room: Room; end: RoomEnd }) {
  const navigate = useNavigate()
  const { user } = useSession()
  const isHost = user?.id === room.host_id
  const participants = useParticipants(room.id, true)
  const messages = useMessages(room.id, true)
  const leave = useLeaveRoom()

  const onLeave = () => {
    leave.mutate(room.id, {
      onSuccess: () => {
        toast.success(m.left)
      },
      onSettled: () => {
        void navigate(roomsPaths.listeningRooms)
      },
    })
  }

  return (
    <section className="grid gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <Button asChild variant="ghost" size="icon">
          <Link to={roomsPaths.listeningRooms} aria-label={m.back}>
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="truncate text-2xl font-bold tracking-tight">{room.name}</h1>
          <p className="truncate text-sm text-muted-foreground" title={m.hostedBy(room.host.display_name)}>
            {m.hostedBy(room.host.display_name)}
          </p>
        </div>
        {/* A row of their own on a phone, so that the name keeps the width. */}
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <Button variant="outline" disabled={leave.isPending} onClick={onLeave}>
            <LogOut aria-hidden="true" />
            {m.leave}
          </Button>
          {isHost ? (
            <Button variant="destructive" disabled={end.pending} onClick={end.request}>
              <Power aria-hidden="true" />
              {m.end}
            </Button>
          ) : null}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card className="gap-4 p-6">
            <div className="flex items-center gap-4">
              <TrackArt src={room.track_image_url} name={room.current_track ?? room.name} className="size-24" />
              <div className="grid min-w-0 gap-1">
                {room.current_track ? <h2 className="truncate text-xl font-semibold">{room.current_track}</h2> : null}
                {room.current_artist ? <p className="truncate text-muted-foreground">{room.current_artist}</p> : null}
                <p className="text-xs text-muted-foreground">{m.source(room.track_source)}</p>
              </div>
            </div>
            {room.track_preview_url ? (
              room.track_source === 'radio' ? (
                <RadioPlayer src={room.track_preview_url} />
              ) : (
                <SyncedPlayer roomId={room.id} src={room.track_preview_url} isHost={isHost} playback={room.playback} />
              )
            ) : null}
          </Card>

          {room.description ? (
            <Card role="region" aria-labelledby="room-about">
              <CardHeader>
                <CardTitle id="room-about">{m.about}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm whitespace-pre-wrap text-muted-foreground">{room.description}</p>
              </CardContent>
            </Card>
          ) : null}

          <RoomChat roomId={room.id} messages={messages.data ?? []} />
        </div>
        <div className="grid content-start gap-6">
          <RoomParticipants
            count={room.participant_count}
            participants={participants.data ?? []}
            hostOf={isHost ? room.id : undefined}
          />
        </div>
      </div>
    </section>
  )
}
