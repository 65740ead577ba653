import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'

import { SettingsScreen } from './settings-screen'

describe('SettingsScreen', () => {
  it("shows the placeholder 'Configurações em breve...'", async () => {
    renderWithProviders(<SettingsScreen />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Configurações' })).toBeInTheDocument()
    expect(screen.getByText('Configurações em breve...')).toBeInTheDocument()
  })
})
