import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'

import { loadSonner, subscribeToFirstToast, toastsRequested } from '@/lib/toast'

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }))

/** Sonner's <Toaster>, drawn from the first toast on (lib/toast): until then the page brings none of its code. */
export function LazyToaster(props: ToasterProps) {
  const requested = useSyncExternalStore(subscribeToFirstToast, toastsRequested, toastsRequested)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  )
}
