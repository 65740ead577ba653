import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { renderSignedInUntil } from '@/testing/render-app'
import { json, never, problem, routes, type TestResponder } from '@/testing/test-fetch'

const tracks = [
  {
    id: 't1',
    title: 'Canção Um',
    artist: 'Artista A',
    albumArt: 'https://img.test/1.jpg',
    previewUrl: 'https://audio.test/1.m4a',
    link: 'https://music.test/1',
  },
  {
    id: 't2',
    title: 'Canção Dois',
    artist: 'Artista B',
    albumArt: 'https://img.test/2.jpg',
    previewUrl: 'https://audio.test/2.m4a',
    link: 'https://music.test/2',
  },
  { id: 't3', title: 'Sem Prévia', artist: 'Artista C', albumArt: '', previewUrl: '', link: 'https://music.test/3' },
]

function answers(trending: () => Response | Promise<Response>): TestResponder {
  return routes({ 'GET /feed': () => json(200, { items: [] }), 'GET /trending': trending })
}

async function renderPanel(respond: TestResponder) {
  const { found, ...view } = await renderSignedInUntil('/', respond, 'region', 'Músicas em alta')
  return { ...view, panel: found }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('TrendingPanel', () => {
  it('shows 6 placeholder cards while loading', async () => {
    const { panel } = await renderPanel(answers(never))
    const loading = within(panel).getByRole('status', { name: 'Carregando músicas' })
    expect(within(loading).getAllByTestId('trending-placeholder')).toHaveLength(6)
  })

  it('says so when our own server fails to answer the chart, and reads it again on request', async () => {
    let calls = 0
    const { panel, user } = await renderPanel(
      answers(() => (++calls === 1 ? problem(500) : json(200, { items: tracks, updatedAt: null }))),
    )
    const failed = await within(panel).findByRole('alert')
    expect(failed).toHaveTextContent('Não foi possível carregar as músicas trending')
    await user.click(within(failed).getByRole('button', { name: 'Tentar novamente' }))
    expect(await within(panel).findByRole('link', { name: 'Abrir Canção Um de Artista A' })).toBeInTheDocument()
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('stays out of sight while the chart provider has never answered', async () => {
    const { panel } = await renderPanel(
      answers(() =>
        problem(503, { code: 'trending_unavailable', detail: 'Não foi possível carregar as músicas trending' }),
      ),
    )
    await waitFor(() => {
      expect(panel).not.toBeInTheDocument()
    })
    expect(screen.queryByText('Não foi possível carregar as músicas trending')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Músicas em alta' })).not.toBeInTheDocument()
  })

  it('lists the tracks with a link and a preview button only when there is a clip', async () => {
    const { panel } = await renderPanel(answers(() => json(200, { items: tracks, updatedAt: null })))
    const link = await within(panel).findByRole('link', { name: 'Abrir Canção Um de Artista A' })
    expect(link).toHaveAttribute('href', 'https://music.test/1')
    expect(within(link).getByText('Canção Um')).toBeInTheDocument()
    expect(within(link).getByText('Artista A')).toBeInTheDocument()
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3)
    expect(within(panel).getByRole('button', { name: 'Tocar prévia de Canção Um' })).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Tocar prévia de Sem Prévia' })).not.toBeInTheDocument()
  })

  it('draws a music note where a cover could not be copied, never an empty image', async () => {
    const { panel } = await renderPanel(answers(() => json(200, { items: tracks, updatedAt: null })))
    await within(panel).findByRole('link', { name: 'Abrir Sem Prévia de Artista C' })
    expect(panel.querySelectorAll('img')).toHaveLength(2)
    for (const img of panel.querySelectorAll('img')) expect(img.getAttribute('src')).not.toBe('')
    expect(within(panel).getAllByTestId('trending-cover-missing')).toHaveLength(1)
  })

  it('plays one preview at a time at volume 0.7 and stops at the end', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
    const { panel, user } = await renderPanel(answers(() => json(200, { items: tracks, updatedAt: null })))

    await user.click(await within(panel).findByRole('button', { name: 'Tocar prévia de Canção Um' }))
    const first = play.mock.contexts[0] as HTMLAudioElement
    expect(first.src).toBe('https://audio.test/1.m4a')
    expect(first.volume).toBe(0.7)
    expect(within(panel).getByRole('button', { name: 'Pausar prévia de Canção Um' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(within(panel).getByRole('button', { name: 'Tocar prévia de Canção Dois' }))
    expect(pause.mock.contexts).toContain(first)
    const second = play.mock.contexts[1] as HTMLAudioElement
    expect(second.src).toBe('https://audio.test/2.m4a')
    expect(within(panel).getByRole('button', { name: 'Tocar prévia de Canção Um' })).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Pausar prévia de Canção Dois' })).toBeInTheDocument()

    fireEvent(second, new Event('ended'))
    expect(await within(panel).findByRole('button', { name: 'Tocar prévia de Canção Dois' })).toBeInTheDocument()

    await user.click(within(panel).getByRole('button', { name: 'Tocar prévia de Canção Um' }))
    const third = play.mock.contexts[2] as HTMLAudioElement
    fireEvent(third, new Event('error'))
    expect(await within(panel).findByRole('button', { name: 'Tocar prévia de Canção Um' })).toBeInTheDocument()

    await user.click(within(panel).getByRole('button', { name: 'Tocar prévia de Canção Um' }))
    await user.click(within(panel).getByRole('button', { name: 'Pausar prévia de Canção Um' }))
    expect(pause.mock.contexts).toContain(play.mock.contexts[3])
    expect(within(panel).getByRole('button', { name: 'Tocar prévia de Canção Um' })).toBeInTheDocument()
  })
})
