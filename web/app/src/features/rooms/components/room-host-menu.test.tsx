import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp } from '@/testing/render-app'
import { problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { anaRef, biaRef, caioRef, hostedBy, makeParticipant, makeRoom, ok, routes, sent } from '../testing'
import type { Room } from '../types'

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve())
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** A room whose participants are its host, bia and caio; `own` answers first. */
function roomApi(room: Room, own?: TestResponder): TestResponder {
  let people = [makeParticipant(room.host, true), makeParticipant(biaRef), makeParticipant(caioRef)].filter(
    (p, i, all) => all.findIndex((q) => q.user_id === p.user_id) === i,
  )
  const out = (userId: string) => () => {
    people = people.filter((p) => p.user_id !== userId)
    return ok({ participant_count: people.length })
  }
  const defaults = routes({
    // As the server keeps it: participant_count is the rows' number.
    [`GET /rooms/${room.id}`]: () => ok({ ...room, participant_count: people.length }),
    [`GET /rooms/${room.id}/participants`]: () => ok({ items: people }),
    [`GET /rooms/${room.id}/messages`]: () => ok({ items: [] }),
    [`POST /rooms/${room.id}/join`]: () => ok({ participant_count: people.length }),
    [`POST /rooms/${room.id}/participants/${caioRef.id}/remove`]: out(caioRef.id),
    [`POST /rooms/${room.id}/participants/${biaRef.id}/ban`]: out(biaRef.id),
    'GET /rooms': () => ok({ items: [] }),
  })
  return (request) => own?.(request) ?? defaults(request)
}

async function renderRoom(room: Room, own?: TestResponder, realtime = new FakeRealtime()) {
  const view = renderApp(`/listening-room/${room.id}`, { respond: roomApi(room, own), realtime })
  await screen.findByRole('heading', { level: 1, name: room.name }, { timeout: 5000 })
  return view
}

function peopleCard(): HTMLElement {
  const card = screen.getByRole('heading', { name: /^Participantes/ }).closest('[data-slot="card"]')
  if (!(card instanceof HTMLElement)) throw new Error('no card')
  return card
}

describe("the host's menu on a participant", { timeout: 15_000 }, () => {
  it('removes after confirming, and bans', async () => {
    const room = makeRoom('r7', hostedBy(anaRef))
    const { user, requests } = await renderRoom(room)
    await screen.findByRole('heading', { name: 'Participantes (3)' })
    // The host's own row has no menu.
    expect(within(peopleCard()).queryByRole('button', { name: 'Opções para @ana' })).not.toBeInTheDocument()

    await user.click(within(peopleCard()).getByRole('button', { name: 'Opções para @caio' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Remover da sala' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remover @caio da sala?' })
    expect(within(dialog).getByText('@caio sai da sala agora e pode entrar de novo.')).toBeInTheDocument()
    // Nothing is sent until the host confirms.
    expect(sent(requests, 'POST', `/rooms/r7/participants/${caioRef.id}/remove`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }))
    await expectToast('@caio foi removido da sala', undefined, 'success')
    expect(sent(requests, 'POST', `/rooms/r7/participants/${caioRef.id}/remove`)).toHaveLength(1)
    await waitFor(() => {
      expect(within(peopleCard()).queryByText('@caio')).not.toBeInTheDocument()
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(within(peopleCard()).getByRole('button', { name: 'Opções para @bia' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Banir da sala' }))
    const ban = await screen.findByRole('dialog', { name: 'Banir @bia da sala?' })
    expect(within(ban).getByText('@bia sai da sala agora e não poderá voltar a ela.')).toBeInTheDocument()
    await user.click(within(ban).getByRole('button', { name: 'Banir' }))
    await expectToast('@bia foi banido da sala', undefined, 'success')
    expect(sent(requests, 'POST', `/rooms/r7/participants/${biaRef.id}/ban`)).toHaveLength(1)
    expect(await screen.findByRole('heading', { name: 'Participantes (1)' })).toBeInTheDocument()
  })

  it('cancels without sending, and says when the server refuses', async () => {
    const room = makeRoom('r8', hostedBy(anaRef))
    const { user, requests } = await renderRoom(
      room,
      routes({
        [`POST /rooms/r8/participants/${caioRef.id}/remove`]: () =>
          problem(403, { code: 'room_host_only', detail: 'Apenas o host pode remover ou banir participantes' }),
      }),
    )
    await screen.findByRole('heading', { name: 'Participantes (3)' })
    await user.click(within(peopleCard()).getByRole('button', { name: 'Opções para @caio' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Remover da sala' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(sent(requests, 'POST', `/rooms/r8/participants/${caioRef.id}/remove`)).toHaveLength(0)

    await user.click(within(peopleCard()).getByRole('button', { name: 'Opções para @caio' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Remover da sala' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }))
    await expectToast('Não foi possível remover o participante', 'Apenas o host pode remover ou banir participantes')
    // The dialog stays for another try.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(within(peopleCard()).getByText('@caio')).toBeInTheDocument()
  })

  it('is not shown to a participant who is not the host', async () => {
    await renderRoom(makeRoom('r9', hostedBy(biaRef)))
    await screen.findByRole('heading', { name: 'Participantes (2)' })
    expect(within(peopleCard()).queryByRole('button', { name: /^Opções para/ })).not.toBeInTheDocument()
  })
})

describe('the member taken out of a room', { timeout: 15_000 }, () => {
  it('says they were removed and lets them join again', async () => {
    const realtime = new FakeRealtime()
    const { user, requests } = await renderRoom(makeRoom('r10', hostedBy(biaRef)), undefined, realtime)
    await screen.findByText('Entrou na sala!')
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain('room:r10')
    })
    act(() => {
      realtime.emit('room:r10', 'room.participant_removed', { user_id: caioRef.id, banned: false })
    })
    // Someone else's removal changes nothing for the viewer.
    expect(screen.getByRole('heading', { level: 1, name: 'Sala r10' })).toBeInTheDocument()
    act(() => {
      realtime.emit('room:r10', 'room.participant_removed', { user_id: anaRef.id, banned: false })
      realtime.revoke('room:r10')
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Você foi removido da sala' })).toBeInTheDocument()
    expect(screen.getByText('O host removeu você desta sala. Você pode entrar novamente quando quiser.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Entrar novamente' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sala r10' })).toBeInTheDocument()
    await waitFor(() => {
      expect(sent(requests, 'POST', '/rooms/r10/join')).toHaveLength(2)
    })
  })

  it('says they were banned, live and when they come back', async () => {
    const realtime = new FakeRealtime()
    await renderRoom(makeRoom('r11', hostedBy(biaRef)), undefined, realtime)
    await screen.findByText('Entrou na sala!')
    realtime.open()
    act(() => {
      realtime.emit('room:r11', 'room.participant_removed', { user_id: anaRef.id, banned: true })
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Você foi banido desta sala' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Entrar novamente' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar às Salas' })).toHaveAttribute('href', '/listening-rooms')
  })

  it('reads the ban when the room is opened again', async () => {
    renderApp('/listening-room/r12', {
      respond: routes({
        'GET /rooms/r12': () => problem(403, { code: 'room_banned', detail: 'Você foi banido desta sala pelo host.' }),
        'GET /rooms': () => ok({ items: [] }),
      }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Você foi banido desta sala' }, { timeout: 5000 })).toBeInTheDocument()
  })
})
