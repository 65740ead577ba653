import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'

import { LazyToaster } from '@/components/lazy-toaster'
import { showOfflineWriteRefused } from '@/features/pwa'
import { loadLastMember, SessionProvider, useSession } from '@/features/session'
import { ApiClientProvider, apiClient as defaultApiClient, type ApiClient } from '@/lib/api'
import { persistQueryCache } from '@/lib/query-persistence'
import { createQueryClient } from '@/lib/react-query'
import { RealtimeProvider, type SocketFactory } from '@/lib/realtime'

interface AppProviderProps {
  children: ReactNode
  /** Tests pass their own; the app uses the defaults. */
  apiClient?: ApiClient
  queryClient?: QueryClient
  /** Tests hand in a fake WebSocket; the app opens real ones. */
  createSocket?: SocketFactory
}

/** One live connection per tab, open while a member is signed in. */
function SessionRealtime({ children, createSocket }: { children: ReactNode; createSocket?: SocketFactory }) {
  const { status, offline, getAccessToken, checkSession } = useSession()
  return (
    <RealtimeProvider
      enabled={status === 'signed-in' && !offline}
      getAccessToken={getAccessToken}
      onSessionEnded={checkSession}
      createSocket={createSocket}
    >
      {children}
    </RealtimeProvider>
  )
}

/** The app's own query client; the member's screens are saved as they change (restored when the app opens offline). */
function createAppQueryClient(): QueryClient {
  return createQueryClient({ onOfflineWrite: showOfflineWriteRefused })
}

export function AppProvider({ children, apiClient = defaultApiClient, queryClient, createSocket }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createAppQueryClient())
  const persist = queryClient === undefined
  useEffect(() => {
    if (!persist) return undefined
    return persistQueryCache(client, () => loadLastMember()?.id ?? null)
  }, [client, persist])
  return (
    <ApiClientProvider client={apiClient}>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <SessionRealtime createSocket={createSocket}>{children}</SessionRealtime>
          {/* Bottom right, clear of page titles; above the phone's bottom bar. */}
          <LazyToaster
            position="bottom-right"
            mobileOffset={{ bottom: 'calc(4.5rem + env(safe-area-inset-bottom))' }}
            richColors
            closeButton
          />
        </SessionProvider>
      </QueryClientProvider>
    </ApiClientProvider>
  )
}
