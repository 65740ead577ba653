import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeEach } from 'vitest'

import { resetFirstScreenForTests } from '@/lib/first-screen'

import { testSessionBody } from './fixtures'

// jsdom has no layout, hence no ResizeObserver; radix (Slider) and
// react-easy-crop only need it to exist.
class NoLayoutResizeObserver implements ResizeObserver {
  observe(): void {
    // nothing to observe without layout
  }
  unobserve(): void {
    // nothing observed
  }
  disconnect(): void {
    // nothing observed
  }
}
// findBy* and waitFor end as soon as the element appears; the longer ceiling
// only matters on a busy machine, where renders take seconds.
configure({ asyncUtilTimeout: 5000 })

if (!('ResizeObserver' in globalThis)) globalThis.ResizeObserver = NoLayoutResizeObserver

// A member used the app on this device before, so the app asks the server
// for the session on load (tests of a first visit remove this).
beforeEach(() => {
  // Screens are tested as after the first screen: what waits for it (the
  // badges' counts, the plugin list) is asked at once. Tests of the wait
  // reset it themselves.
  resetFirstScreenForTests(true)
  const { user } = testSessionBody
  localStorage.setItem(
    'social:last-member',
    JSON.stringify({ id: user.id, email: user.email, displayName: user.display_name, handle: user.handle, avatarUrl: user.avatar_url }),
  )
})

afterEach(() => {
  localStorage.clear()
  cleanup()
  // Sonner keeps its toasts in a module-wide store and replays the active ones
  // to every new <Toaster>: one test's toasts must not show up in the next.
  toast.dismiss()
})
