import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { otherProfile } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

const route = (request: Request) => `${request.method} ${new URL(request.url).pathname}`

/** GET /profiles/bia answers with the relation as the server keeps it; block and mute calls change it. */
function biaServer(state: { blocking: boolean; muting: boolean }): TestResponder {
  return (request) => {
    switch (route(request)) {
      case 'GET /api/v1/profiles/bia':
        return json(200, {
          ...otherProfile,
          bio: state.blocking ? null : otherProfile.bio,
          is_blocking: state.blocking,
          is_muting: state.muting,
        })
      case 'POST /api/v1/profiles/bia/block':
        state.blocking = true
        return json(200, { blocking: true })
      case 'DELETE /api/v1/profiles/bia/block':
        state.blocking = false
        return json(200, { blocking: false })
      case 'POST /api/v1/profiles/bia/mute':
        state.muting = true
        return json(200, { muting: true })
      case 'GET /api/v1/profiles/bia/posts':
        return json(200, { items: [] })
      default:
        return undefined
    }
  }
}

describe('the profile’s safety menu', { timeout: 15_000 }, () => {
  it('blocks after confirming, then shows only who it is, and unblocks', async () => {
    const state = { blocking: false, muting: false }
    const { user, requests } = renderApp('/profile/bia', { session: 'signed-in', respond: biaServer(state) })
    await user.click(await screen.findByRole('button', { name: 'Mais opções para @bia' }, { timeout: 5000 }))
    await user.click(await screen.findByRole('menuitem', { name: 'Bloquear @bia' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear @bia?' })
    // Nothing is sent until the member confirms.
    expect(requests.some((r) => route(r) === 'POST /api/v1/profiles/bia/block')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Bloquear' }))
    await expectToast('Membro bloqueado', 'Você não verá mais @bia, nem @bia verá você.', 'success')
    const notice = await screen.findByText('Você bloqueou @bia')
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument()
    const status = notice.closest('[role="status"]')
    expect(status).not.toBeNull()
    await user.click(within(status as HTMLElement).getByRole('button', { name: 'Desbloquear @bia' }))
    await expectToast('Membro desbloqueado', undefined, 'success')
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument()
  })

  it('mutes without asking and says so under the name', async () => {
    const state = { blocking: false, muting: false }
    const { user } = renderApp('/profile/bia', { session: 'signed-in', respond: biaServer(state) })
    await user.click(await screen.findByRole('button', { name: 'Mais opções para @bia' }, { timeout: 5000 }))
    await user.click(await screen.findByRole('menuitem', { name: 'Silenciar @bia' }))
    await expectToast('Membro silenciado', 'Os posts e notificações de @bia não aparecem mais para você.', 'success')
    await waitFor(() => {
      expect(screen.getByText(/Você silenciou @bia/)).toBeInTheDocument()
    })
    await user.click(screen.getByRole('button', { name: 'Mais opções para @bia' }))
    expect(await screen.findByRole('menuitem', { name: 'Deixar de silenciar @bia' })).toBeInTheDocument()
  })

  it('blocks a remote account’s whole server after confirming', async () => {
    let sent: unknown = null
    const handle = 'ana@exemplo.social'
    const respond: TestResponder = (request) => {
      const path = `${request.method} ${decodeURIComponent(new URL(request.url).pathname)}`
      if (path === `GET /api/v1/profiles/${handle}`) {
        return json(200, { ...otherProfile, handle, domain: 'exemplo.social', remote_url: 'https://exemplo.social/@ana' })
      }
      if (path === `GET /api/v1/profiles/${handle}/posts`) return json(200, { items: [] })
      if (path === 'POST /api/v1/safety/domain-blocks') {
        return request
          .clone()
          .json()
          .then((body: unknown) => {
            sent = body
            return json(200, { domain: 'exemplo.social', created_at: '2026-11-20T10:00:00Z' })
          })
      }
      return undefined
    }
    const { user, requests } = renderApp(`/profile/${handle}`, { session: 'signed-in', respond })
    await user.click(await screen.findByRole('button', { name: `Mais opções para @${handle}` }, { timeout: 5000 }))
    await user.click(await screen.findByRole('menuitem', { name: 'Bloquear domínio' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear o domínio exemplo.social?' })
    expect(requests.some((r) => route(r) === 'POST /api/v1/safety/domain-blocks')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Bloquear' }))
    await expectToast('Servidor bloqueado', 'Você não verá mais ninguém de exemplo.social.', 'success')
    expect(sent).toEqual({ domain: 'exemplo.social' })
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
  })

  it('offers no domain block on a member of this network', async () => {
    const state = { blocking: false, muting: false }
    const { user } = renderApp('/profile/bia', { session: 'signed-in', respond: biaServer(state) })
    await user.click(await screen.findByRole('button', { name: 'Mais opções para @bia' }, { timeout: 5000 }))
    await screen.findByRole('menuitem', { name: 'Bloquear @bia' })
    expect(screen.queryByRole('menuitem', { name: 'Bloquear domínio' })).not.toBeInTheDocument()
  })
})
