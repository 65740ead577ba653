import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { captureInstallEvents, resetInstallState } from '../install-events'
import { INSTALL_DISMISSED_KEY } from '../platform'

import { InstallPrompt } from './install-prompt'

/** The event Chromium fires when the app is installable. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true })
  const prompt = vi.fn(() => Promise.resolve())
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) })
  window.dispatchEvent(event)
  return { event, prompt }
}

function setUserAgent(ua: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua)
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'

describe('InstallPrompt', () => {
  let stop: () => void
  beforeEach(() => {
    localStorage.clear()
    resetInstallState()
    stop = captureInstallEvents(window)
  })
  afterEach(() => {
    stop()
    delete (window as { matchMedia?: unknown }).matchMedia
  })

  it('is hidden while the browser does not offer installation', () => {
    const { container } = render(<InstallPrompt />)
    expect(container).toBeEmptyDOMElement()
  })

  it("offers 'Instalar social' and shows the browser's prompt on 'Instalar'", async () => {
    const user = userEvent.setup()
    render(<InstallPrompt />)
    const { event, prompt } = offerInstall()
    expect(event.defaultPrevented).toBe(true)

    const banner = await screen.findByRole('region', { name: 'Instalar social' })
    expect(banner).toHaveTextContent('Instalar social')
    expect(screen.getByRole('button', { name: 'Agora não' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Instalar' }))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('region', { name: 'Instalar social' })).not.toBeInTheDocument()

    // Installed: it stays away even when offered again.
    window.dispatchEvent(new Event('appinstalled'))
    offerInstall()
    expect(screen.queryByRole('region', { name: 'Instalar social' })).not.toBeInTheDocument()
  })

  it("remembers 'Agora não' across visits", async () => {
    const user = userEvent.setup()
    const first = render(<InstallPrompt />)
    offerInstall()
    await user.click(await screen.findByRole('button', { name: 'Agora não' }))
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1')
    first.unmount()

    render(<InstallPrompt />)
    offerInstall()
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('keeps the page and the focused element clear of the card while it shows, and gives the room back when it goes', async () => {
    const user = userEvent.setup()
    render(<InstallPrompt />)
    offerInstall()
    await screen.findByRole('button', { name: 'Agora não' })
    // jsdom has no layout: the card's top is 0, so it reserves the whole window.
    const clearance = `${innerHeight + 8}px`
    expect(document.documentElement.style.scrollPaddingBottom).toBe(clearance)
    expect(document.body.style.paddingBottom).toBe(clearance)

    await user.click(screen.getByRole('button', { name: 'Agora não' }))
    expect(document.documentElement.style.scrollPaddingBottom).toBe('')
    expect(document.body.style.paddingBottom).toBe('')
  })

  it('is hidden when the app already runs standalone', () => {
    window.matchMedia = vi.fn((query: string) => ({ matches: query === '(display-mode: standalone)' }) as MediaQueryList)
    render(<InstallPrompt />)
    offerInstall()
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it("shows iOS's manual steps and 'Entendi' dismisses them for good", async () => {
    setUserAgent(IPHONE)
    const user = userEvent.setup()
    render(<InstallPrompt />)
    const banner = screen.getByRole('region', { name: 'Instalar social' })
    expect(banner).toHaveTextContent('Toque em Compartilhar')
    expect(banner).toHaveTextContent("Escolha 'Adicionar à Tela de Início'")
    expect(banner).toHaveTextContent("Toque em 'Adicionar'")
    expect(screen.queryByRole('button', { name: 'Instalar' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Entendi' }))
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1')
  })
})
