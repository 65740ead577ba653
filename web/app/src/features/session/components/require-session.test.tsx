import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'

import { RedirectIfSignedIn } from './redirect-if-signed-in'
import { RequireSession } from './require-session'

const guardedRoutes = [
  { path: '/auth', element: <RedirectIfSignedIn>auth screen</RedirectIfSignedIn> },
  { path: '/', element: <RequireSession>member screen</RequireSession> },
  { path: '/secret', element: <RequireSession>secret screen</RequireSession> },
]

describe('RequireSession', () => {
  it('shows an accessible full-screen spinner while the session loads', async () => {
    renderApp('/secret', { session: 'loading', routes: guardedRoutes })
    expect(await screen.findByRole('status', { name: 'Carregando...' })).toBeInTheDocument()
    expect(screen.queryByText('secret screen')).not.toBeInTheDocument()
  })

  it('redirects a signed-out visitor to /auth, replacing the entry', async () => {
    const { router } = renderApp('/secret', { session: 'signed-out', routes: guardedRoutes })
    expect(await screen.findByText('auth screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('renders the screen for a signed-in member', async () => {
    renderApp('/secret', { session: 'signed-in', routes: guardedRoutes })
    expect(await screen.findByText('secret screen')).toBeInTheDocument()
  })
})

describe('RedirectIfSignedIn', () => {
  it('sends a signed-in member from /auth to /', async () => {
    const { router } = renderApp('/auth', { session: 'signed-in', routes: guardedRoutes })
    expect(await screen.findByText('member screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('shows /auth to a signed-out visitor', async () => {
    renderApp('/auth', { session: 'signed-out', routes: guardedRoutes })
    expect(await screen.findByText('auth screen')).toBeInTheDocument()
  })
})
