import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { otherProfile, testProfile } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, never, problem, type TestResponder } from '@/testing/test-fetch'

function profileAnswer(path: string, response: () => Response | Promise<Response>): TestResponder {
  return (request) =>
    request.method === 'GET' && new URL(request.url).pathname === `/api/v1/profiles/${path}` ? response() : undefined
}

async function renderProfile(path: string, respond?: TestResponder) {
  const view = renderApp(path, { session: 'signed-in', respond })
  // The first render of a file also compiles the lazy screens: allow for it.
  await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 })
  return view
}

describe('ProfileScreen states', () => {
  it('shows a skeleton while the profile loads', async () => {
    await renderProfile('/profile/bia', profileAnswer('bia', never))
    expect(await screen.findByRole('status', { name: 'Carregando...' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
  })

  it("shows 'Profile not found' with the handle when nobody has it", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await renderProfile('/profile/ninguem')
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeInTheDocument()
    expect(screen.getByText("The user @ninguem doesn't exist.")).toBeInTheDocument()
    // No such profile is an answer, not a failure worth logging.
    expect(error).not.toHaveBeenCalledWith('profile fetch failed', expect.anything())
  })

  it('logs a failed fetch and shows the not-found view', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await renderProfile('/profile/bia', profileAnswer('bia', () => problem(500, { detail: 'Falhou' })))
    expect(await screen.findByText("The user @bia doesn't exist.")).toBeInTheDocument()
    expect(error).toHaveBeenCalledWith('profile fetch failed', expect.objectContaining({ status: 500 }))
  })
})

describe('ProfileScreen, shown', () => {
  it("shows the member's own profile on /profile, with 'Edit Profile'", async () => {
    const { requests } = await renderProfile('/profile', profileAnswer('ana/posts', () => json(200, { items: [] })))
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument()
    expect(requests.some((r) => new URL(r.url).pathname === '/api/v1/profiles/me')).toBe(true)
    expect(screen.getByText('@ana', { selector: 'article p' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
    expect(screen.getByText('Fotógrafa e ciclista.')).toBeInTheDocument()
    expect(screen.getByText('Recife, PE')).toBeInTheDocument()
    expect(screen.getByText('Joined novembro 2026')).toBeInTheDocument()
    expect(screen.queryByText('Verified')).not.toBeInTheDocument()

    const counts = screen.getByText('Following').closest('ul')
    if (!counts) throw new Error('counts not found')
    expect(Array.from(counts.querySelectorAll('li'), (li) => li.textContent)).toEqual([
      '34 Following',
      '12 Followers',
      '5 Posts',
    ])
    const posts = screen.getByRole('region', { name: 'Posts' })
    expect(await within(posts).findByText('No posts yet')).toBeInTheDocument()
  })

  it("shows 'Edit Profile' on /profile/{own handle} too", async () => {
    await renderProfile('/profile/ana')
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
  })

  it('shows a remote account with its full handle, the badge and a link to its own page', async () => {
    const remote = { ...otherProfile, handle: 'ana@social.example', domain: 'social.example', remote_url: 'https://social.example/@ana' }
    await renderProfile(
      '/profile/ana%40social.example',
      profileAnswer('ana%40social.example', () => json(200, remote)),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Bia Lima' })).toBeInTheDocument()
    expect(screen.getByText('@ana@social.example', { selector: 'article p' })).toBeInTheDocument()
    expect(screen.getByText('perfil remoto')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Ver perfil original em social.example (abre em outra aba)' })
    expect(link).toHaveAttribute('href', 'https://social.example/@ana')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'nofollow noopener ugc')
  })

  it("shows no remote badge nor link on a member's profile", async () => {
    await renderProfile('/profile/bia')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bia Lima' })).toBeInTheDocument()
    expect(screen.queryByText('perfil remoto')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /perfil original/ })).not.toBeInTheDocument()
  })

  it("shows another member's profile without 'Edit Profile'", async () => {
    await renderProfile('/profile/bia')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bia Lima' })).toBeInTheDocument()
    expect(screen.getByText('Verified')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument()
    expect(screen.getByText('1.200')).toBeInTheDocument()
    expect(screen.getByText('Joined março 2025')).toBeInTheDocument()
  })

  it('opens the website apart, without referrer, as nofollow', async () => {
    await renderProfile('/profile')
    const link = await screen.findByRole('link', { name: 'ana.example.com' })
    expect(link).toHaveAttribute('href', 'https://ana.example.com')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  })

  it.each(['javascript:alert(1)', 'ftp://files.example.com', 'data:text/html,oi'])(
    'shows %s as text, never as a link',
    async (website) => {
      await renderProfile(
        '/profile/bia',
        profileAnswer('bia', () => json(200, { ...otherProfile, website_url: website })),
      )
      expect(await screen.findByText(website)).toBeInTheDocument()
      expect(screen.getByText(website).closest('a')).toBeNull()
    },
  )

  it('falls back to the handle and its initial without a display name, and shows the banner', async () => {
    await renderProfile(
      '/profile/bia',
      profileAnswer('bia', () =>
        json(200, { ...otherProfile, display_name: '', banner_url: 'https://media.test/banner.jpg' }),
      ),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'bia' })).toBeInTheDocument()
    expect(screen.getByText('B')).toBeInTheDocument()
    expect(document.querySelector('img[src="https://media.test/banner.jpg"]')).not.toBeNull()
  })

  it('keeps a gradient where there is no banner', async () => {
    await renderProfile('/profile/bia')
    await screen.findByRole('heading', { level: 1, name: 'Bia Lima' })
    expect(document.querySelector('article img')).toBeNull()
  })
})

describe('fixtures', () => {
  it('the own profile belongs to the signed-in test user', () => {
    expect(testProfile.handle).toBe('ana')
  })
})
