import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp } from '@/testing/render-app'
import { stubMediaPlayback } from '@/testing/stub-media'
import { json, problem, type TestResponder } from '@/testing/test-fetch'

import {
  anaRef,
  biaRef,
  caioRef,
  created,
  hostedBy,
  makeMessage,
  makeParticipant,
  makeRoom,
  noContent,
  ok,
  roomNotFound,
  routes,
  sent,
} from '../testing'
import type { Room } from '../types'

let play: MockInstance<HTMLMediaElement['play']>
let pause: MockInstance<HTMLMediaElement['pause']>
let load: MockInstance<HTMLMediaElement['load']>

beforeEach(() => {
  ;({ play, pause, load } = stubMediaPlayback())
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const jazz = makeRoom('r1', {
  name: 'Jazz de domingo',
  participant_count: 2,
  description: 'Só clássicos do bebop',
  current_track: 'Smooth Jazz FM',
  current_artist: 'Brazil',
  track_image_url: 'https://img.example/j.png',
})

/** The room's answers; `own` answers first. */
function roomApi(room: Room, own?: TestResponder): TestResponder {
  const defaults = routes(
    {
      [`GET /rooms/${room.id}`]: () => ok(room),
      [`GET /rooms/${room.id}/participants`]: () =>
        ok({ items: [makeParticipant(room.host, true), makeParticipant(caioRef)] }),
      [`GET /rooms/${room.id}/messages`]: () =>
        ok({ items: [makeMessage('m1', caioRef, 'Olá a todos'), makeMessage('m2', { ...anaRef, display_name: '' }, 'Oi')] }),
      [`POST /rooms/${room.id}/join`]: () => ok({ participant_count: 3 }),
      [`POST /rooms/${room.id}/leave`]: () => ok({ participant_count: 2 }),
      'GET /rooms': () => ok({ items: [] }),
    },
  )
  return (request) => own?.(request) ?? defaults(request)
}

async function renderRoom(room: Room, rest?: TestResponder, realtime = new FakeRealtime()) {
  const view = renderApp(`/listening-room/${room.id}`, { respond: roomApi(room, rest), realtime })
  await screen.findByRole('heading', { level: 1, name: room.name }, { timeout: 5000 })
  return view
}

const hhmm = (iso: string) => new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

describe('RoomScreen', () => {
  it('shows the header, the track, the description, participants and chat', async () => {
    const realtime = new FakeRealtime()
    const { requests } = await renderRoom(jazz, undefined, realtime)
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/listening-rooms')
    expect(screen.getByText(`Hospedado por ${biaRef.display_name}`)).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Sair' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Encerrar Sala' })).not.toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Imagem de Smooth Jazz FM' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Smooth Jazz FM' })).toBeInTheDocument()
    expect(screen.getByText('Brazil')).toBeInTheDocument()
    expect(screen.getByText('Fonte: radio')).toBeInTheDocument()
    expect(screen.getByTestId('room-audio')).toHaveAttribute('src', 'https://radio.example/jazz')
    expect(screen.getByText('Transmissão ao vivo')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sobre esta sala' })).toBeInTheDocument()
    expect(screen.getByText('Só clássicos do bebop')).toBeInTheDocument()

    const people = await screen.findByRole('heading', { name: 'Participantes (2)' })
    const peopleCard = people.closest('[data-slot="card"]')
    if (!(peopleCard instanceof HTMLElement)) throw new Error('no card')
    expect(within(peopleCard).getByText('@bia')).toBeInTheDocument()
    expect(within(peopleCard).getByText('@caio')).toBeInTheDocument()
    expect(within(peopleCard).getAllByRole('img', { name: 'Host' })).toHaveLength(1)
    expect(within(peopleCard).getByText(biaRef.display_name).querySelector('[aria-label="Host"]')).not.toBeNull()

    const chat = screen.getByRole('list', { name: 'Chat' })
    expect(await within(chat).findByText('Olá a todos')).toBeInTheDocument()
    expect(within(chat).getByText('Caio Reis')).toBeInTheDocument()
    expect(within(chat).getByText('Usuário')).toBeInTheDocument()
    expect(within(chat).getAllByText(hhmm('2026-11-20T15:04:00Z'))).toHaveLength(2)
    expect(hhmm('2026-11-20T15:04:00Z')).toMatch(/^\d\d:\d\d$/)

    // Entering joins: the topic, and the toast.
    expect(await screen.findByText('Entrou na sala!')).toBeInTheDocument()
    expect(sent(requests, 'POST', '/rooms/r1/join')).toHaveLength(1)
    // The join's own event may have gone out before the socket subscribed:
    // the participants are read again once the join succeeded.
    await waitFor(() => {
      expect(sent(requests, 'GET', '/rooms/r1/participants')).toHaveLength(2)
    })
    realtime.open()
    expect(realtime.subscribedTopics()).toContain('room:r1')
  }, 15_000)

  it("counts the same participants inside as the rooms list's card", async () => {
    // Five in the room, three of whom the viewer does not see (a block relation either way).
    const room = { ...jazz, participant_count: 5 }
    const { user } = renderApp('/listening-rooms', {
      respond: roomApi(room, routes({ 'GET /rooms': () => ok({ items: [room] }), 'POST /rooms/r1/join': () => ok({ participant_count: 5 }) })),
    })
    expect(await screen.findByText('5 participantes', {}, { timeout: 5000 })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Entrar na Sala' }))
    expect(await screen.findByRole('heading', { name: 'Participantes (5)' }, { timeout: 5000 })).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Participantes (5)' })).getAllByRole('listitem')).toHaveLength(2)
  })

  it('reads the names again when the live count says the list missed someone', async () => {
    const realtime = new FakeRealtime()
    const { requests } = await renderRoom(jazz, undefined, realtime)
    realtime.open()
    await waitFor(() => {
      expect(sent(requests, 'GET', '/rooms/r1/participants')).toHaveLength(3)
    })
    // Ana joined unseen; Caio's leave leaves the list one short of the count.
    act(() => {
      realtime.emit('room:r1', 'room.participant_left', { user_id: caioRef.id, participant_count: 2, profile: caioRef })
    })
    expect(await screen.findByRole('heading', { name: 'Participantes (2)' })).toBeInTheDocument()
    await waitFor(() => {
      expect(sent(requests, 'GET', '/rooms/r1/participants')).toHaveLength(4)
    })
  })

  it("shows 'Entrou na sala!' at the top, clear of the chat's box at the bottom of a phone", async () => {
    await renderRoom(jazz)
    const toast = await screen.findByText('Entrou na sala!')
    expect(toast.closest('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top')
  })

  it("shows 'Encerrar Sala' to the host and ends the room", async () => {
    let answer = () => problem(500, {})
    const { user, router } = await renderRoom(makeRoom('r2', hostedBy(anaRef)), routes({ 'POST /rooms/r2/end': () => answer() }))
    await user.click(screen.getByRole('button', { name: 'Encerrar Sala' }))
    expect(await screen.findByText('Não foi possível encerrar a sala')).toBeInTheDocument()
    answer = noContent
    await user.click(screen.getByRole('button', { name: 'Encerrar Sala' }))
    expect(await screen.findByText('Sala encerrada')).toBeInTheDocument()
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/listening-rooms')
    })
  })

  it("tells the host 'Sala encerrada' and takes them to the list when the room's own end event comes first", async () => {
    const realtime = new FakeRealtime()
    const held: { answer?: (response: Response) => void } = {}
    const { user, router } = await renderRoom(
      makeRoom('r2', hostedBy(anaRef)),
      routes({
        'POST /rooms/r2/end': () =>
          new Promise<Response>((resolve) => {
            held.answer = resolve
          }),
      }),
      realtime,
    )
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain('room:r2')
    })
    await user.click(screen.getByRole('button', { name: 'Encerrar Sala' }))
    // The server publishes room.ended inside the end, before it answers.
    act(() => {
      realtime.emit('room:r2', 'room.ended', { room_id: 'r2', ended_at: '2026-11-20T16:00:00Z' })
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sala encerrada' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar às Salas' })).toHaveAttribute('href', '/listening-rooms')
    expect(screen.queryByText('Sala não encontrada')).not.toBeInTheDocument()
    held.answer?.(noContent())
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/listening-rooms')
    })
    expect(await screen.findByText('Sala encerrada')).toBeInTheDocument()
  })

  it("leaves with 'Sair'", async () => {
    const { user, router, requests } = await renderRoom(jazz)
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sair' }))
    expect(await screen.findByText('Saiu da sala')).toBeInTheDocument()
    expect(sent(requests, 'POST', '/rooms/r1/leave')).toHaveLength(1)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/listening-rooms')
    })
  })

  it('says when joining fails', async () => {
    await renderRoom(jazz, routes({ 'POST /rooms/r1/join': () => json(500, {}) }))
    expect(await screen.findByText('Não foi possível entrar na sala')).toBeInTheDocument()
  })

  it('ignores a duplicate join error', async () => {
    await renderRoom(
      jazz,
      routes({ 'POST /rooms/r1/join': () => problem(409, { detail: 'participant already exists' }) }),
    )
    await screen.findByText('Olá a todos')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Não foi possível entrar na sala')).not.toBeInTheDocument()
    expect(screen.queryByText('Entrou na sala!')).not.toBeInTheDocument()
  })

  it('follows participants, messages and the end of the room live', async () => {
    const realtime = new FakeRealtime()
    const { requests } = await renderRoom(jazz, undefined, realtime)
    await screen.findByRole('heading', { name: 'Participantes (2)' })
    realtime.open()
    // Once followed, the room is read again (what happened before is not lost).
    await waitFor(() => {
      expect(requests.filter((r) => new URL(r.url).pathname === '/api/v1/rooms/r1/participants')).toHaveLength(2)
    })
    await screen.findByRole('heading', { name: 'Participantes (2)' })
    act(() => {
      realtime.emit('room:r1', 'room.participant_joined', { user_id: anaRef.id, participant_count: 3, profile: anaRef })
    })
    expect(await screen.findByRole('heading', { name: 'Participantes (3)' })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByText('@ana')).toBeInTheDocument()
    act(() => {
      realtime.emit('room:r1', 'room.participant_left', { user_id: caioRef.id, participant_count: 2, profile: caioRef })
    })
    expect(await screen.findByRole('heading', { name: 'Participantes (2)' })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).queryByText('@caio')).not.toBeInTheDocument()
    act(() => {
      realtime.emit('room:r1', 'room.message', { message: makeMessage('m9', biaRef, 'Chegou a hora do bebop') })
    })
    expect(await screen.findByText('Chegou a hora do bebop')).toBeInTheDocument()
    act(() => {
      realtime.emit('room:r1', 'room.ended', { room_id: 'r1', ended_at: '2026-11-20T16:00:00Z' })
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sala não encontrada' })).toBeInTheDocument()
  })

  it('sends a trimmed message; send is disabled while blank', async () => {
    let answer = () => json(500, {})
    const { user, requests } = await renderRoom(
      jazz,
      routes({ 'POST /rooms/r1/messages': () => answer() }),
    )
    const input = screen.getByRole('textbox', { name: 'Mensagem' })
    expect(input).toHaveAttribute('placeholder', 'Digite sua mensagem...')
    const send = screen.getByRole('button', { name: 'Enviar' })
    expect(send).toBeDisabled()
    await user.type(input, '   ')
    expect(send).toBeDisabled()
    await user.type(input, ' bom dia  ')
    await user.click(send)
    expect(await screen.findByText('Erro ao enviar mensagem')).toBeInTheDocument()
    expect(screen.getByText('Não foi possível enviar a mensagem')).toBeInTheDocument()
    expect(input).toHaveValue('    bom dia  ')
    answer = () => created(makeMessage('m5', anaRef, 'bom dia'))
    await user.click(send)
    expect(await screen.findByText('bom dia')).toBeInTheDocument()
    expect(input).toHaveValue('')
    const posts = sent(requests, 'POST', '/rooms/r1/messages')
    expect(await posts[1]?.clone().json()).toEqual({ text: 'bom dia' })
  })

  it("shows 'Sala não encontrada' for an unknown room", async () => {
    const { user, router } = renderApp('/listening-room/nope', {
      respond: routes({ 'GET /rooms/nope': roomNotFound, 'GET /rooms': () => ok({ items: [] }) }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sala não encontrada' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('A sala que você está procurando não existe ou foi encerrada.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Voltar às Salas' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/listening-rooms')
    })
  })

  describe('radio player', () => {
    it('autoplays about 1 s after load; anyone can pause and play', async () => {
      const { user } = await renderRoom(jazz)
      expect(screen.getByText('Pausada')).toBeInTheDocument()
      await waitFor(
        () => {
          expect(play).toHaveBeenCalledTimes(1)
        },
        { timeout: 2000 },
      )
      expect(await screen.findByText('Rádio tocando automaticamente • Transmissão ao vivo')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Pausar' }))
      expect(pause).toHaveBeenCalled()
      expect(await screen.findByText('Pausada')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Reproduzir' }))
      expect(play).toHaveBeenCalledTimes(2)
    })

    it('reloads and replays 3 s after a stream error, and replays 2 s after the end', async () => {
      await renderRoom(jazz)
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const audio = screen.getByTestId('room-audio')
      act(() => {
        vi.advanceTimersByTime(1000)
      })
      const before = play.mock.calls.length
      fireEvent.error(audio)
      act(() => {
        vi.advanceTimersByTime(2900)
      })
      expect(load).not.toHaveBeenCalled()
      act(() => {
        vi.advanceTimersByTime(200)
      })
      expect(load).toHaveBeenCalledTimes(1)
      expect(play.mock.calls.length).toBe(before + 1)
      fireEvent.ended(audio)
      act(() => {
        vi.advanceTimersByTime(1900)
      })
      expect(play.mock.calls.length).toBe(before + 1)
      act(() => {
        vi.advanceTimersByTime(200)
      })
      expect(play.mock.calls.length).toBe(before + 2)
    })
  })
})
