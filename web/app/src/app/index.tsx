import { PwaPrompts } from '@/features/pwa'

import { AppProvider } from './provider'
import { AppRouter } from './router'

export function App() {
  return (
    <AppProvider>
      <AppRouter />
      <PwaPrompts />
    </AppProvider>
  )
}
