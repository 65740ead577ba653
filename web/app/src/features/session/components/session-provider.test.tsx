import { render, screen } from '@testing-library/react'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { ApiClientProvider, createApiClient } from '@/lib/api'
import { testSessionBody } from '@/testing/fixtures'

import { useSession } from '../hooks/use-session'

import { SessionProvider } from './session-provider'

interface Answer {
  status: number
  body: unknown
}

let server: Server | undefined

/** A real HTTP server on loopback, so the real fetch and client are exercised. */
async function startServer(answer: Answer) {
  const seen: Pick<IncomingMessage, 'method' | 'url'>[] = []
  server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url })
    res.writeHead(answer.status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => {
    server?.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return { baseUrl: `http://127.0.0.1:${port}/`, seen }
}

afterEach(async () => {
  await new Promise<void>((resolve) => {
    if (!server) resolve()
    else
      server.close(() => {
        resolve()
      })
  })
  server = undefined
})

function Probe() {
  const { status, user, getAccessToken } = useSession()
  return (
    <dl>
      <dt>status</dt>
      <dd data-testid="status">{status}</dd>
      <dt>user</dt>
      <dd data-testid="user">{user?.handle ?? ''}</dd>
      <dt>token</dt>
      <dd data-testid="token">{getAccessToken() ?? ''}</dd>
    </dl>
  )
}

function renderProvider(baseUrl: string) {
  return render(
    <StrictMode>
      <ApiClientProvider client={createApiClient({ baseUrl })}>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </ApiClientProvider>
    </StrictMode>,
  )
}

async function expectStatus(status: string) {
  expect(await screen.findByText(status, { selector: '[data-testid="status"]' })).toBeInTheDocument()
}

describe('SessionProvider', () => {
  it('starts loading, then signs in with the user on a 200 refresh', async () => {
    const { baseUrl, seen } = await startServer({ status: 200, body: testSessionBody })
    renderProvider(baseUrl)
    expect(screen.getByTestId('status')).toHaveTextContent('loading')

    await expectStatus('signed-in')
    expect(screen.getByTestId('user')).toHaveTextContent('ana')
    expect(screen.getByTestId('token')).toHaveTextContent(testSessionBody.access_token)
    // Exactly one refresh, even though StrictMode runs effects twice.
    expect(seen).toEqual([{ method: 'POST', url: '/api/v1/auth/refresh' }])
  })

  it('maps a 401 answer to signed-out', async () => {
    const { baseUrl } = await startServer({ status: 401, body: { title: 'Unauthorized', status: 401 } })
    renderProvider(baseUrl)
    await expectStatus('signed-out')
    expect(screen.getByTestId('token')).toBeEmptyDOMElement()
  })

  it('maps a 404 answer (refresh not implemented yet) to signed-out', async () => {
    const { baseUrl } = await startServer({ status: 404, body: { title: 'Not Found', status: 404 } })
    renderProvider(baseUrl)
    await expectStatus('signed-out')
  })

  it('maps a network failure to signed-out', async () => {
    const { baseUrl } = await startServer({ status: 200, body: testSessionBody })
    await new Promise<void>((resolve) => {
      server?.close(() => {
        resolve()
      })
    })
    server = undefined
    renderProvider(baseUrl)
    await expectStatus('signed-out')
  })
})
