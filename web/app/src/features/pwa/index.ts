export { PwaPrompts } from './components/pwa-prompts'
export { startPwa } from './start'
