import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp } from '@/testing/render-app'
import { json, never, problem } from '@/testing/test-fetch'

import { biaRef, caioRef, created, makeRoom, makeStation, ok, routes, sent } from '../testing'
import type { Station } from '../types'

const stations: Station[] = [
  makeStation('s1', { name: 'Smooth Jazz', country: 'Brazil', tags: ['jazz', 'smooth'] }),
  makeStation('s2', { name: 'Rock Radio', country: 'Germany', tags: ['rock'] }),
  makeStation('s3', { name: 'Classic Tunes', country: 'France', tags: ['classical', 'Bebop'] }),
]

function list(rooms: unknown[], extra: Parameters<typeof routes>[0] = {}) {
  return routes({
    'GET /rooms': () => ok({ items: rooms }),
    'GET /rooms/stations': () => ok({ stations, source: 'radio-browser' }),
    ...extra,
  })
}

async function openDialog(user: ReturnType<typeof renderApp>['user'], button = 'Criar Sala') {
  await user.click(await screen.findByRole('button', { name: button }, { timeout: 5000 }))
  return screen.findByRole('dialog', { name: 'Criar Nova Sala' })
}

async function findToast(title: string, description?: string) {
  const element = await screen.findByText(title, { selector: '[data-title]' })
  const toast = element.closest('[data-sonner-toast]')
  if (!(toast instanceof HTMLElement)) throw new Error('not a toast')
  if (description) expect(within(toast).getByText(description)).toBeInTheDocument()
  return toast
}

describe('RoomsScreen', () => {
  it('shows a card per active room', async () => {
    renderApp('/listening-rooms', {
      respond: list([
        makeRoom('r1', { name: 'Jazz de domingo', description: 'Só clássicos', participant_count: 3, track_image_url: 'https://img.example/j.png' }),
        makeRoom('r2', { name: 'Rock', host: caioRef, host_id: caioRef.id, current_track: 'Rock FM', current_artist: 'Germany' }),
      ]),
    })
    const jazz = (await screen.findByRole('heading', { name: 'Jazz de domingo' }, { timeout: 5000 })).closest('li')
    if (!jazz) throw new Error('no card')
    const card = within(jazz)
    expect(card.getByText(`por ${biaRef.display_name}`)).toBeInTheDocument()
    expect(card.getByText('3 participantes')).toBeInTheDocument()
    expect(card.getByRole('img', { name: 'Imagem de Jazz FM' })).toHaveAttribute('src', 'https://img.example/j.png')
    expect(card.getByText('Jazz FM')).toBeInTheDocument()
    expect(card.getByText('Brazil')).toBeInTheDocument()
    expect(card.getByText('Só clássicos')).toBeInTheDocument()
    expect(card.getByRole('link', { name: 'Entrar na Sala' })).toHaveAttribute('href', '/listening-room/r1')

    const rock = screen.getByRole('heading', { name: 'Rock' }).closest('li')
    if (!rock) throw new Error('no card')
    expect(within(rock).getByText(`por ${caioRef.display_name}`)).toBeInTheDocument()
    expect(within(rock).getByTestId('track-icon')).toBeInTheDocument()
    expect(within(rock).getByText('1 participante')).toBeInTheDocument()
  })

  it('stays live: a new room appears, counts follow and an ended room leaves', async () => {
    const realtime = new FakeRealtime()
    let rooms = [makeRoom('r1', { name: 'Jazz de domingo', participant_count: 1 })]
    renderApp('/listening-rooms', { respond: list([], { 'GET /rooms': () => ok({ items: rooms }) }), realtime })
    const jazz = (await screen.findByRole('heading', { name: 'Jazz de domingo' }, { timeout: 5000 })).closest('li')
    if (!jazz) throw new Error('no card')
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain('rooms:list')
    })

    realtime.emit('rooms:list', 'room.participant_count', { room_id: 'r1', participant_count: 4 })
    expect(await within(jazz).findByText('4 participantes')).toBeInTheDocument()

    rooms = [makeRoom('r2', { name: 'Rock de sábado' }), ...rooms]
    realtime.emit('rooms:list', 'room.created', { room_id: 'r2' })
    expect(await screen.findByRole('heading', { name: 'Rock de sábado' })).toBeInTheDocument()

    realtime.emit('rooms:list', 'room.ended', { room_id: 'r2', ended_at: '2026-11-20T13:00:00Z' })
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Rock de sábado' })).not.toBeInTheDocument()
    })
    expect(screen.getByRole('heading', { name: 'Jazz de domingo' })).toBeInTheDocument()
  })

  it('shows the empty state, whose button opens the dialog', async () => {
    const { user } = renderApp('/listening-rooms', { respond: list([]) })
    expect(await screen.findByText('Nenhuma sala ativa', undefined, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('Seja o primeiro a criar uma sala de música coletiva!')).toBeInTheDocument()
    const dialog = await openDialog(user, 'Criar Primeira Sala')
    expect(within(dialog).getByLabelText('Nome da Sala *')).toBeInTheDocument()
    expect(within(dialog).getByRole('group', { name: 'Estação de Rádio *' })).toBeInTheDocument()
    expect(within(dialog).getByRole('switch', { name: 'Sala pública' })).toBeChecked()
  })

  it('loads the jazz stations, announces them and filters by name, country or tags', async () => {
    const { user, requests } = renderApp('/listening-rooms', { respond: list([]) })
    const dialog = await openDialog(user)
    await findToast('Sucesso', '3 estações de rádio carregadas com sucesso!')
    const [request] = sent(requests, 'GET', '/rooms/stations')
    expect(new URL(request?.url ?? '').searchParams.get('genre')).toBe('jazz')
    const d = within(dialog)
    expect(d.getAllByRole('radio')).toHaveLength(3)
    const search = d.getByRole('searchbox', { name: 'Buscar estações...' })
    await user.type(search, 'GERMANY')
    expect(d.getByRole('radio', { name: /Rock Radio/ })).toBeInTheDocument()
    expect(d.getAllByRole('radio')).toHaveLength(1)
    await user.clear(search)
    await user.type(search, 'bebop')
    expect(d.getByRole('radio', { name: /Classic Tunes/ })).toBeInTheDocument()
    expect(d.getAllByRole('radio')).toHaveLength(1)
    await user.clear(search)
    await user.type(search, 'smooth j')
    expect(d.getAllByRole('radio')).toHaveLength(1)
    await user.clear(search)
    await user.type(search, 'samba')
    expect(d.queryAllByRole('radio')).toHaveLength(0)
    expect(d.getByText('Nenhuma estação encontrada para "samba"')).toBeInTheDocument()
  })

  it("says 'Usando estações locais' for the fallback list and reloads with 'Recarregar'", async () => {
    const { user, requests } = renderApp('/listening-rooms', {
      respond: list([], { 'GET /rooms/stations': () => ok({ stations, source: 'fallback' }) }),
    })
    const dialog = await openDialog(user)
    await findToast('Usando estações locais', 'Carregando estações de exemplo...')
    await user.click(within(dialog).getByRole('button', { name: 'Recarregar' }))
    await waitFor(() => {
      expect(sent(requests, 'GET', '/rooms/stations')).toHaveLength(2)
    })
  })

  it("warns when no station comes back and offers 'Tentar novamente'", async () => {
    let calls = 0
    const { user } = renderApp('/listening-rooms', {
      respond: list([], {
        'GET /rooms/stations': () => {
          calls += 1
          return ok({ stations: calls === 1 ? [] : stations, source: 'radio-browser' })
        },
      }),
    })
    const dialog = await openDialog(user)
    await findToast('Aviso', 'Nenhuma estação de rádio encontrada. Tente novamente mais tarde.')
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }))
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(3)
  })

  it('treats an invalid answer as an empty list', async () => {
    const { user } = renderApp('/listening-rooms', {
      respond: list([], { 'GET /rooms/stations': () => ok({ nope: true }) }),
    })
    const dialog = await openDialog(user)
    expect(await within(dialog).findByRole('button', { name: 'Tentar novamente' })).toBeEnabled()
  })

  it('requires a name and a station', async () => {
    const { user, requests } = renderApp('/listening-rooms', { respond: list([]) })
    const dialog = await openDialog(user)
    const d = within(dialog)
    await d.findAllByRole('radio')
    await user.click(d.getByRole('button', { name: 'Criar Sala' }))
    await findToast('Por favor, preencha o nome da sala e selecione uma estação de rádio')
    await user.type(d.getByLabelText('Nome da Sala *'), '   ')
    await user.click(d.getByRole('radio', { name: /Smooth Jazz/ }))
    await user.click(d.getByRole('button', { name: 'Criar Sala' }))
    expect(sent(requests, 'POST', '/rooms')).toHaveLength(0)
  })

  it('creates the room and goes to it', async () => {
    let release: (() => void) | undefined
    const { user, requests, router } = renderApp('/listening-rooms', {
      respond: list([], {
        'POST /rooms': () =>
          new Promise<Response>((resolve) => {
            release = () => {
              resolve(created(makeRoom('new-room', { name: 'Noite de jazz' })))
            }
          }),
        'GET /rooms/new-room': () => never(),
      }),
    })
    const dialog = await openDialog(user)
    const d = within(dialog)
    await user.type(d.getByLabelText('Nome da Sala *'), '  Noite de jazz ')
    await user.type(d.getByLabelText('Descrição'), ' Standards e bossa ')
    await user.click(await d.findByRole('radio', { name: /Rock Radio/ }))
    await user.click(d.getByRole('switch', { name: 'Sala pública' }))
    await user.click(d.getByRole('button', { name: 'Criar Sala' }))
    expect(await d.findByRole('button', { name: 'Criando sala...' })).toBeDisabled()
    const [post] = sent(requests, 'POST', '/rooms')
    expect(await post?.clone().json()).toEqual({
      name: 'Noite de jazz',
      description: 'Standards e bossa',
      station_id: 's2',
      is_public: false,
    })
    release?.()
    await findToast('Sala criada!')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/listening-room/new-room')
    })
  })

  it("shows the server's message, or 'Não foi possível criar a sala'", async () => {
    let answer = () =>
      problem(422, { code: 'station_not_found', detail: 'Estação não encontrada' })
    const { user } = renderApp('/listening-rooms', {
      respond: list([], { 'POST /rooms': () => answer() }),
    })
    const dialog = await openDialog(user)
    const d = within(dialog)
    await user.type(d.getByLabelText('Nome da Sala *'), 'Sala')
    await user.click(await d.findByRole('radio', { name: /Smooth Jazz/ }))
    await user.click(d.getByRole('button', { name: 'Criar Sala' }))
    await findToast('Estação não encontrada')
    answer = () => json(500, {})
    await user.click(d.getByRole('button', { name: 'Criar Sala' }))
    await findToast('Não foi possível criar a sala')
  })

  it('stays silent when the failure mentions a duplicate', async () => {
    const { user, requests } = renderApp('/listening-rooms', {
      respond: list([], { 'POST /rooms': () => problem(409, { detail: 'duplicate key value' }) }),
    })
    const dialog = await openDialog(user)
    const d = within(dialog)
    await user.type(d.getByLabelText('Nome da Sala *'), 'Sala')
    await user.click(await d.findByRole('radio', { name: /Smooth Jazz/ }))
    await user.click(d.getByRole('button', { name: 'Criar Sala' }))
    await waitFor(() => {
      expect(sent(requests, 'POST', '/rooms')).toHaveLength(1)
    })
    expect(await d.findByRole('button', { name: 'Criar Sala' })).toBeEnabled()
    expect(screen.queryByText('duplicate key value')).not.toBeInTheDocument()
    expect(screen.queryByText('Não foi possível criar a sala')).not.toBeInTheDocument()
  })
})
