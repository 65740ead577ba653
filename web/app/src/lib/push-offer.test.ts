import { afterEach, describe, expect, it, vi } from 'vitest'

import { offerPush, PUSH_OFFER_KEY, rememberPushOffered, subscribePushOffer } from './push-offer'

describe('offerPush', () => {
  afterEach(() => {
    localStorage.removeItem(PUSH_OFFER_KEY)
    vi.unstubAllGlobals()
  })

  it('tells the frame while the browser has not been asked and the offer was never shown', () => {
    vi.stubGlobal('Notification', { permission: 'default' })
    const listener = vi.fn()
    const stop = subscribePushOffer(listener)
    offerPush()
    expect(listener).toHaveBeenCalledTimes(1)
    rememberPushOffered()
    offerPush()
    expect(listener).toHaveBeenCalledTimes(1)
    stop()
  })

  it('stays quiet once the browser was asked, whatever the answer', () => {
    const listener = vi.fn()
    const stop = subscribePushOffer(listener)
    for (const permission of ['granted', 'denied']) {
      vi.stubGlobal('Notification', { permission })
      offerPush()
    }
    expect(listener).not.toHaveBeenCalled()
    stop()
  })
})
