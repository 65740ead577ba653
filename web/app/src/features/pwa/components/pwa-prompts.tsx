import { InstallPrompt } from './install-prompt'
import { OfflineBanner } from './offline-banner'
import { UpdatePrompt } from './update-prompt'

/** Everything of the installable app the member sees, over every screen. */
export function PwaPrompts() {
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
      <InstallPrompt />
    </>
  )
}
