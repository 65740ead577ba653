import { QueryClient } from '@tanstack/react-query'
import { render, screen, type ByRoleMatcher } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { createMemoryRouter, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'

import { AppProvider } from '@/app/provider'
import { routes as appRoutes } from '@/app/routes'
import { AppQueryClient } from '@/lib/react-query'

import { FakeRealtime } from './fake-realtime'
import { createTestApiClient, type TestResponder, type TestServerOptions } from './test-fetch'

function createTestQueryClient() {
  return new AppQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })
}

interface RenderOptions extends TestServerOptions {
  /** Defaults to the app's own route table. */
  routes?: RouteObject[]
  /** The live connection's server side; an inert one by default. */
  realtime?: FakeRealtime
  /** Defaults to one that never retries and reads again on every mount (staleTime 0). */
  queryClient?: QueryClient
}

/** Renders the real providers and a memory router at `path`. */
export function renderApp(
  path: string,
  { routes = appRoutes, realtime = new FakeRealtime(), queryClient = createTestQueryClient(), ...server }: RenderOptions = {},
) {
  const { client, requests } = createTestApiClient(server)
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = userEvent.setup()
  const view = render(
    <AppProvider apiClient={client} queryClient={queryClient} createSocket={realtime.factory}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...view, router, user, requests, realtime, queryClient }
}

/**
 * Renders the app signed in at `path`, answering with `respond`, and waits
 * for the element of that role and name; the first render of a test file
 * may take seconds.
 */
export async function renderSignedInUntil(path: string, respond: TestResponder, role: ByRoleMatcher, name: string) {
  const view = renderApp(path, { session: 'signed-in', respond })
  const found = await screen.findByRole(role, { name }, { timeout: 5000 })
  return { ...view, found }
}

/** Renders one element inside the providers and a router (for screen-level tests). */
export function renderWithProviders(
  element: ReactNode,
  options: TestServerOptions & { path?: string; realtime?: FakeRealtime } = {},
) {
  const { path = '/', ...server } = options
  return renderApp(path, { ...server, routes: [{ path: '*', element }] })
}
