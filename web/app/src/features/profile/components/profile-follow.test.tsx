import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { otherProfile } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import type { FollowEntry } from '../types'

const route = (request: Request) => `${request.method} ${new URL(request.url).pathname}`

/** Answers GET /profiles/bia with is_following, then `rest`. */
function biaServer(isFollowing: boolean, rest?: TestResponder): TestResponder {
  return (request) =>
    route(request) === 'GET /api/v1/profiles/bia'
      ? json(200, { ...otherProfile, is_following: isFollowing })
      : rest?.(request)
}

/** Holds the follow call until the test answers it. */
function heldFollow(method: 'POST' | 'DELETE') {
  const held: { answer?: (response: Response) => void } = {}
  const respond: TestResponder = (request) =>
    route(request) === `${method} /api/v1/profiles/bia/follow`
      ? new Promise<Response>((resolve) => {
          held.answer = resolve
        })
      : undefined
  return { held, respond }
}

async function renderProfile(path: string, respond?: TestResponder) {
  const view = renderApp(path, { session: 'signed-in', respond })
  await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 })
  return view
}

const followersCount = () => screen.getByRole('button', { name: /Followers$/ })

describe('Follow / Unfollow', () => {
  it("follows at once (+1), busy but keeping focus meanwhile, then toasts 'Seguindo'", async () => {
    const { held, respond } = heldFollow('POST')
    const { user, requests } = await renderProfile('/profile/bia', biaServer(false, respond))
    const follow = await screen.findByRole('button', { name: 'Follow' })
    expect(followersCount()).toHaveTextContent('1.200 Followers')

    await user.click(follow)
    const unfollow = screen.getByRole('button', { name: 'Unfollow' })
    expect(unfollow).toHaveAttribute('aria-disabled', 'true')
    expect(unfollow).toHaveFocus()
    expect(unfollow).toHaveAttribute('aria-pressed', 'true')
    expect(followersCount()).toHaveTextContent('1.201 Followers')

    await waitFor(() => {
      expect(held.answer).toBeDefined()
    })
    held.answer?.(json(200, { following: true, follower_count: 1205 }))
    await expectToast('Seguindo', undefined, 'success')
    expect(screen.getByRole('button', { name: 'Unfollow' })).not.toHaveAttribute('aria-disabled')
    expect(screen.getByRole('button', { name: 'Unfollow' })).toHaveFocus()
    expect(followersCount()).toHaveTextContent('1.205 Followers')
    expect(requests.filter((r) => route(r) === 'POST /api/v1/profiles/bia/follow')).toHaveLength(1)
  })

  it("unfollows at once (−1) and toasts 'Deixou de seguir'", async () => {
    const { user, requests } = await renderProfile(
      '/profile/bia',
      biaServer(true, (request) =>
        route(request) === 'DELETE /api/v1/profiles/bia/follow'
          ? json(200, { following: false, follower_count: 1199 })
          : undefined,
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Unfollow' }))
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument()
    expect(followersCount()).toHaveTextContent('1.199 Followers')
    await expectToast('Deixou de seguir', undefined, 'success')
    expect(requests.filter((r) => route(r) === 'DELETE /api/v1/profiles/bia/follow')).toHaveLength(1)
  })

  it("reverts with 'Erro' / the generic text when the call fails", async () => {
    const { held, respond } = heldFollow('POST')
    const { user } = await renderProfile('/profile/bia', biaServer(false, respond))
    await user.click(await screen.findByRole('button', { name: 'Follow' }))
    expect(followersCount()).toHaveTextContent('1.201 Followers')
    await waitFor(() => {
      expect(held.answer).toBeDefined()
    })
    held.answer?.(problem(500, { title: 'Internal Server Error' }))
    await expectToast('Erro', 'Não foi possível executar esta ação. Tente novamente.')
    expect(screen.getByRole('button', { name: 'Follow' })).toBeEnabled()
    expect(followersCount()).toHaveTextContent('1.200 Followers')
  })

  it("shows the server's reason when it gives one", async () => {
    const { user } = await renderProfile(
      '/profile/bia',
      biaServer(false, (request) =>
        route(request) === 'POST /api/v1/profiles/bia/follow'
          ? problem(401, { code: 'unauthorized', detail: 'Você precisa estar logado para seguir usuários.' })
          : undefined,
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Follow' }))
    await expectToast('Erro', 'Você precisa estar logado para seguir usuários.')
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument()
  })

  it('offers no Follow button on one’s own profile', async () => {
    await renderProfile('/profile/ana')
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Unfollow' })).not.toBeInTheDocument()
  })

  it('offers no Follow button on /profile either', async () => {
    await renderProfile('/profile')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument()
  })
})

const entry = (handle: string, changes: Partial<FollowEntry> = {}): FollowEntry => ({
  id: `id-${handle}`,
  handle,
  display_name: handle.toUpperCase(),
  avatar_url: null,
  avatar_variants: [],
  is_verified: false,
  followed_at: '2026-11-20T12:00:00Z',
  ...changes,
})

describe('followers and following lists', () => {
  it('lists followers with links and Verified, loading more by cursor', async () => {
    const { user, requests, router } = await renderProfile(
      '/profile/bia',
      biaServer(false, (request) => {
        const url = new URL(request.url)
        if (url.pathname !== '/api/v1/profiles/bia/followers') return undefined
        return url.searchParams.get('cursor') === 'c2'
          ? json(200, { items: [entry('dani')] })
          : json(200, { items: [entry('cris', { display_name: 'Cris Melo', is_verified: true })], next_cursor: 'c2' })
      }),
    )
    await user.click(await screen.findByRole('button', { name: /Followers$/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Followers' })
    expect(await within(dialog).findByRole('link', { name: 'Cris Melo' })).toHaveAttribute('href', '/profile/cris')
    expect(within(dialog).getByRole('link', { name: '@cris' })).toHaveAttribute('href', '/profile/cris')
    expect(within(dialog).getByText('Verified')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Carregar mais' }))
    expect(await within(dialog).findByRole('link', { name: '@dani' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument()
    const pages = requests
      .map((r) => new URL(r.url))
      .filter((url) => url.pathname === '/api/v1/profiles/bia/followers')
      .map((url) => url.searchParams.get('cursor'))
    expect(pages).toEqual([null, 'c2'])

    await user.click(within(dialog).getByRole('link', { name: '@cris' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile/cris')
    })
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
  })

  it('says so when nobody is followed, and shows placeholders while loading', async () => {
    const server: { answer?: () => Response } = {}
    const { user } = await renderProfile(
      '/profile/bia',
      biaServer(false, (request) =>
        new URL(request.url).pathname === '/api/v1/profiles/bia/following'
          ? server.answer
            ? server.answer()
            : never()
          : undefined,
      ),
    )
    await user.click(await screen.findByRole('button', { name: /Following$/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Following' })
    expect(within(dialog).getByRole('status', { name: 'Carregando lista...' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })

    server.answer = () => json(200, { items: [] })
    await user.click(screen.getByRole('button', { name: /Following$/ }))
    const reopened = await screen.findByRole('dialog', { name: 'Following' })
    expect(await within(reopened).findByText('@bia ainda não segue ninguém.')).toBeInTheDocument()
  })
})
