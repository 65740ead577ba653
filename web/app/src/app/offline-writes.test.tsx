import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { showOfflineWriteRefused } from '@/features/pwa'
import { createQueryClient } from '@/lib/react-query'
import { otherProfile, testPost } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const biaPost = testPost('0192f000-0000-7000-8000-0000000000b1', { like_count: 3 })

const route = (request: Request) => `${request.method} ${new URL(request.url).pathname}`

const server: TestResponder = (request) => {
  switch (route(request)) {
    case 'GET /api/v1/feed':
      return json(200, { items: [biaPost] })
    case `GET /api/v1/profiles/${otherProfile.handle}`:
      return json(200, { ...otherProfile, is_following: false })
    default:
      return undefined
  }
}

/** The app as it runs: its own query client, which refuses writes offline and says so. */
function renderOnline(path: string) {
  return renderApp(path, {
    session: 'signed-in',
    respond: server,
    queryClient: createQueryClient({ onOfflineWrite: showOfflineWriteRefused }),
  })
}

function goOffline() {
  act(() => {
    onlineManager.setOnline(false)
  })
}

/** Exactly one toast on screen, the offline one. */
async function expectOnlyTheOfflineToast() {
  await expectToast('Você está offline', 'Nada foi enviado. Tente de novo quando a conexão voltar.')
  // A second toast, had the write shown its own failure, comes in the same turn.
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1)
}

const writes = (requests: Request[]) => requests.filter((r) => r.method !== 'GET' && !r.url.includes('/auth/'))

describe('a write refused offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true)
  })

  it('a like: one toast, the offline one; nothing sent, the count as it was', async () => {
    const { user, requests } = renderOnline('/')
    const card = await screen.findByRole('article', { name: otherProfile.display_name }, { timeout: 5000 })
    goOffline()

    await user.click(within(card).getByRole('button', { name: /^Curtir,/ }))
    await expectOnlyTheOfflineToast()
    expect(within(card).getByRole('button', { name: /^Curtir,/ })).toHaveAttribute('aria-pressed', 'false')
    expect(within(card).getByTestId('like-count')).toHaveTextContent('3')

    // Again: still the one toast.
    await user.click(within(card).getByRole('button', { name: /^Curtir,/ }))
    await expectOnlyTheOfflineToast()
    expect(within(card).getByTestId('like-count')).toHaveTextContent('3')
    expect(writes(requests)).toEqual([])
  })

  it('a follow: one toast, the offline one; the button and the count as they were', async () => {
    const { user, requests } = renderOnline(`/profile/${otherProfile.handle}`)
    const follow = await screen.findByRole('button', { name: 'Follow' }, { timeout: 5000 })
    const followers = screen.getByRole('button', { name: /Followers$/ })
    const before = followers.textContent
    goOffline()

    await user.click(follow)
    await expectOnlyTheOfflineToast()
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false')
    })
    expect(followers.textContent).toBe(before)
    expect(writes(requests)).toEqual([])
  })
})
