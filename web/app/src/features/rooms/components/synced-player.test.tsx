import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp } from '@/testing/render-app'
import { stubMediaPlayback } from '@/testing/stub-media'

import { anaRef, hostedBy, makeParticipant, makeRoom, ok, routes, sent } from '../testing'
import type { Room } from '../types'

let play: MockInstance<HTMLMediaElement['play']>
let pause: MockInstance<HTMLMediaElement['pause']>

beforeEach(() => {
  ;({ play, pause } = stubMediaPlayback())
})

afterEach(() => {
  vi.restoreAllMocks()
})

const preview = (changes: Partial<Room> = {}) =>
  makeRoom('p1', {
    name: 'Prévias',
    track_source: 'preview',
    current_track: 'So What',
    current_artist: 'Miles Davis',
    track_preview_url: 'https://audio.example/so-what.mp3',
    playback: { is_playing: false, position_seconds: 12, position_at: '2026-11-20T12:00:00Z' },
    ...changes,
  })

async function renderRoom(room: Room, realtime = new FakeRealtime()) {
  const view = renderApp(`/listening-room/${room.id}`, {
    realtime,
    respond: routes({
      [`GET /rooms/${room.id}`]: () => ok(room),
      [`GET /rooms/${room.id}/participants`]: () => ok({ items: [makeParticipant(room.host, true)] }),
      [`GET /rooms/${room.id}/messages`]: () => ok({ items: [] }),
      [`POST /rooms/${room.id}/join`]: () => ok({ participant_count: 2 }),
      [`POST /rooms/${room.id}/playback`]: () => ok({ action: 'play', position_seconds: 0, at: '2026-11-20T12:00:00Z' }),
    }),
  })
  await screen.findByRole('heading', { level: 1, name: room.name }, { timeout: 5000 })
  return view
}

const audio = () => screen.getByTestId<HTMLAudioElement>('room-audio')

async function playbackBodies(requests: Request[]) {
  return Promise.all(sent(requests, 'POST', '/rooms/p1/playback').map((r) => r.clone().json()))
}

describe('SyncedPlayer (non-radio rooms)', () => {
  it('lets only the host control; others follow room.playback', async () => {
    const realtime = new FakeRealtime()
    const { requests } = await renderRoom(preview(), realtime)
    expect(screen.getByText('Fonte: preview')).toBeInTheDocument()
    expect(screen.queryByText('Transmissão ao vivo')).not.toBeInTheDocument()
    expect(screen.getByText('Apenas o host pode controlar a reprodução')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reproduzir' })).toBeDisabled()
    const slider = screen.getByRole('slider', { name: 'Posição na faixa' })
    expect(slider).toHaveAttribute('aria-valuetext', '0:12 / 0:30')
    expect(slider).toHaveAttribute('data-disabled')
    expect(screen.getByText('0:12')).toBeInTheDocument()
    expect(screen.getByText('0:30')).toBeInTheDocument()
    expect(audio().currentTime).toBe(12)
    expect(play).not.toHaveBeenCalled()

    realtime.open()
    act(() => {
      realtime.emit('room:p1', 'room.playback', { action: 'play', position_seconds: 20, at: new Date().toISOString() })
    })
    expect(play).toHaveBeenCalledTimes(1)
    expect(Math.floor(audio().currentTime)).toBe(20)
    expect(await screen.findByRole('button', { name: 'Pausar' })).toBeDisabled()
    act(() => {
      realtime.emit('room:p1', 'room.playback', { action: 'pause', position_seconds: 21, at: new Date().toISOString() })
    })
    expect(pause).toHaveBeenCalledTimes(1)
    expect(audio().currentTime).toBe(21)
    expect(await screen.findByRole('button', { name: 'Reproduzir' })).toBeDisabled()
    act(() => {
      realtime.emit('room:p1', 'room.playback', { action: 'seek', position_seconds: 5, at: new Date().toISOString() })
    })
    expect(audio().currentTime).toBe(5)
    expect(await screen.findByText('0:05')).toBeInTheDocument()
    expect(sent(requests, 'POST', '/rooms/p1/playback')).toHaveLength(0)
  })

  it('resumes a playing room where the host is now', async () => {
    const at = new Date(Date.now() - 4000).toISOString()
    await renderRoom(preview({ playback: { is_playing: true, position_seconds: 10, position_at: at } }))
    await waitFor(() => {
      expect(play).toHaveBeenCalled()
    })
    expect(Math.round(audio().currentTime)).toBe(14)
  })

  it('broadcasts the host play, pause and seek with the position', async () => {
    const { user, requests } = await renderRoom(preview(hostedBy(anaRef)))
    expect(screen.queryByText('Apenas o host pode controlar a reprodução')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reproduzir' }))
    expect(play).toHaveBeenCalledTimes(1)
    await user.click(await screen.findByRole('button', { name: 'Pausar' }))
    expect(pause).toHaveBeenCalledTimes(1)
    const slider = screen.getByRole('slider', { name: 'Posição na faixa' })
    act(() => {
      slider.focus()
    })
    await user.keyboard('{ArrowRight}')
    expect(audio().currentTime).toBe(13)
    await waitFor(async () => {
      expect(await playbackBodies(requests)).toEqual([
        { action: 'play', position_seconds: 12 },
        { action: 'pause', position_seconds: 12 },
        { action: 'seek', position_seconds: 13 },
      ])
    })
  })

  it('returns to paused at 0 at the end; the host broadcasts the pause', async () => {
    const { user, requests } = await renderRoom(preview(hostedBy(anaRef)))
    await user.click(screen.getByRole('button', { name: 'Reproduzir' }))
    await screen.findByRole('button', { name: 'Pausar' })
    fireEvent.ended(audio())
    expect(await screen.findByRole('button', { name: 'Reproduzir' })).toBeEnabled()
    expect(audio().currentTime).toBe(0)
    expect(screen.getByText('0:00')).toBeInTheDocument()
    await waitFor(async () => {
      expect((await playbackBodies(requests)).at(-1)).toEqual({ action: 'pause', position_seconds: 0 })
    })
  })

  it('uses the known duration once the metadata loads', async () => {
    await renderRoom(preview())
    Object.defineProperty(audio(), 'duration', { configurable: true, value: 95 })
    fireEvent.loadedMetadata(audio())
    expect(await screen.findByText('1:35')).toBeInTheDocument()
  })
})
