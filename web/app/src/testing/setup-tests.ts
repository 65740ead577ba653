import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach } from 'vitest'

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

afterEach(() => {
  cleanup()
  // Sonner keeps its toasts in a module-wide store and replays the active ones
  // to every new <Toaster>: one test's toasts must not show up in the next.
  toast.dismiss()
})
