export { PwaPrompts } from './components/pwa-prompts'
export { startPwa } from './start'
export { showOfflineWriteRefused } from './offline-writes'
export { OfflineNotice } from './components/offline-notice'
