import { describe, expect, it, vi } from 'vitest'

import { showAppBadge } from './app-badge'

describe('showAppBadge', () => {
  it('shows the unread count and clears the badge once all is read', () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) }
    showAppBadge(3, nav)
    expect(nav.setAppBadge).toHaveBeenCalledWith(3)
    expect(nav.clearAppBadge).not.toHaveBeenCalled()
    showAppBadge(0, nav)
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1)
  })

  it('does nothing without the Badging API and ignores a refusal', async () => {
    expect(() => {
      showAppBadge(2, {})
    }).not.toThrow()
    const refused = vi.fn(() => Promise.reject(new Error('denied')))
    showAppBadge(0, { clearAppBadge: refused })
    await Promise.resolve()
    expect(refused).toHaveBeenCalled()
  })
})
