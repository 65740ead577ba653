import { FullScreenSpinner } from '@/components/ui/spinner'

import { sessionMessages } from '../messages'

/** The accessible full-screen spinner shown while the session (or a screen) loads. */
export function LoadingScreen() {
  return <FullScreenSpinner label={sessionMessages.loading} />
}
