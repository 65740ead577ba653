import { vi, type MockInstance } from 'vitest'

export interface MediaStubs {
  play: MockInstance<HTMLMediaElement['play']>
  pause: MockInstance<HTMLMediaElement['pause']>
  load: MockInstance<HTMLMediaElement['load']>
}

/**
 * jsdom cannot play media: play and pause succeed at once and fire their
 * events as a browser would, and load does nothing. Spies, restored after
 * each test by the config's restoreMocks.
 */
export function stubMediaPlayback(): MediaStubs {
  return {
    play: vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'))
      return Promise.resolve()
    }),
    pause: vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'))
    }),
    load: vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined),
  }
}
