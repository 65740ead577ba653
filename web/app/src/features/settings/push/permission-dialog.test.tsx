import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { PushPermissionDialog } from './permission-dialog'

describe('PushPermissionDialog', () => {
  it('says what will arrive and where to change it, and accepts or declines', async () => {
    const onAccept = vi.fn()
    const onDismiss = vi.fn()
    const user = userEvent.setup()
    render(<PushPermissionDialog open support="supported" onAccept={onAccept} onDismiss={onDismiss} />)
    const dialog = screen.getByRole('dialog', { name: 'Receber notificações?' })
    expect(dialog).toHaveAccessibleDescription(/mesmo com o app fechado/)
    expect(within(dialog).getByText(/em Configurações/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Ativar notificações' }))
    expect(onAccept).toHaveBeenCalledTimes(1)
    await user.click(within(dialog).getByRole('button', { name: 'Agora não' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })

  it('on an iPhone outside the installed app, says how to install it and asks nothing', async () => {
    const onAccept = vi.fn()
    const onDismiss = vi.fn()
    const user = userEvent.setup()
    render(<PushPermissionDialog open support="needs-install" onAccept={onAccept} onDismiss={onDismiss} />)
    const dialog = screen.getByRole('dialog', { name: 'Instale o app para receber notificações' })
    expect(dialog).toHaveAccessibleDescription(/Adicionar à Tela de Início/)
    expect(within(dialog).queryByRole('button', { name: 'Ativar notificações' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
    expect(onAccept).not.toHaveBeenCalled()
  })
})
