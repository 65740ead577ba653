import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
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
if (!('ResizeObserver' in globalThis)) globalThis.ResizeObserver = NoLayoutResizeObserver

afterEach(() => {
  cleanup()
  // Sonner keeps its toasts in a module-wide store and replays the active ones
  // to every new <Toaster>: one test's toasts must not show up in the next.
  toast.dismiss()
})
