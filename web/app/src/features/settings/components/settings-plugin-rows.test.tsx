import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'

async function privacySection(disabledPlugins: string[]) {
  renderApp('/settings', { session: 'signed-in', meta: { disabled_plugins: disabledPlugins } })
  return screen.findByRole('region', { name: 'Privacidade e segurança' }, { timeout: 5000 })
}

describe("the plugins' rows in /settings", () => {
  it("puts messages' row in the privacy section, leading to /messages", async () => {
    const section = await privacySection([])
    expect(within(section).getByText('Quem pode te enviar mensagens diretas se ajusta na tela de Mensagens.')).toBeVisible()
    expect(within(section).getByRole('link', { name: 'Abrir Mensagens' })).toHaveAttribute('href', '/messages')
  })

  it('leaves the row out while the messages plugin is off', async () => {
    const section = await privacySection(['messages'])
    await waitFor(() => {
      expect(within(section).queryByRole('link', { name: 'Abrir Mensagens' })).not.toBeInTheDocument()
    })
    expect(within(section).getByText(/Cada post tem sua própria visibilidade/)).toBeVisible()
  })
})
