import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { otherProfile } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { conversation, conversationId } from '../testing'

const route = (request: Request) => `${request.method} ${new URL(request.url).pathname}`

async function renderProfile(path: string, respond?: TestResponder, disabled: string[] = []) {
  const view = renderApp(path, { session: 'signed-in', respond, meta: { disabled_plugins: disabled } })
  await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 })
  return view
}

describe("the profile's message button", () => {
  it('opens the conversation with the member', async () => {
    const withBia = conversation()
    const started: unknown[] = []
    const { user, router } = await renderProfile('/profile/bia', (request) => {
      switch (route(request)) {
        case 'POST /api/v1/messages/conversations':
          return request.json().then((body: unknown) => {
            started.push(body)
            return json(201, withBia)
          })
        case `GET /api/v1/messages/conversations/${conversationId}`:
          return json(200, withBia)
        case `GET /api/v1/messages/conversations/${conversationId}/messages`:
          return json(200, { items: [], next_cursor: null })
        default:
          return undefined
      }
    })
    await user.click(await screen.findByRole('button', { name: 'Enviar mensagem para @bia' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/messages/${conversationId}`)
    })
    expect(started).toEqual([{ handle: 'bia' }])
    // The conversation opens with the member named (a wrong answer would show
    // the error page). The profile also heads its page with the name, and the
    // router's location moves before the page does: wait for the thread, which
    // only the conversation has, before looking at the heading.
    await screen.findByRole('list', { name: `Mensagens com ${otherProfile.display_name}` })
    expect(screen.getByRole('heading', { level: 1, name: otherProfile.display_name })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enviar mensagem para @bia' })).not.toBeInTheDocument()
  })

  it("shows the server's reason when the member does not take messages", async () => {
    const { user, router } = await renderProfile('/profile/bia', (request) =>
      route(request) === 'POST /api/v1/messages/conversations'
        ? problem(403, { code: 'messages_restricted', detail: 'Esta pessoa só recebe mensagens de quem ela segue.' })
        : undefined,
    )
    await user.click(await screen.findByRole('button', { name: 'Enviar mensagem para @bia' }))
    await expectToast('Não foi possível abrir a conversa', 'Esta pessoa só recebe mensagens de quem ela segue.')
    expect(router.state.location.pathname).toBe('/profile/bia')
  })

  it('is not on one’s own profile, nor with the plugin off', async () => {
    await renderProfile('/profile/ana')
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Enviar mensagem/ })).not.toBeInTheDocument()
  })

  it('is hidden while the messages plugin is off', async () => {
    await renderProfile('/profile/bia', undefined, ['messages'])
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Enviar mensagem/ })).not.toBeInTheDocument()
  })
})
