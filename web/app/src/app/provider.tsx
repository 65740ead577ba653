import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from 'sonner'

import { SessionProvider, useSession } from '@/features/session'
import { ApiClientProvider, apiClient as defaultApiClient, type ApiClient } from '@/lib/api'
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
  const { status, getAccessToken } = useSession()
  return (
    <RealtimeProvider enabled={status === 'signed-in'} getAccessToken={getAccessToken} createSocket={createSocket}>
      {children}
    </RealtimeProvider>
  )
}

export function AppProvider({ children, apiClient = defaultApiClient, queryClient, createSocket }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <ApiClientProvider client={apiClient}>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <SessionRealtime createSocket={createSocket}>{children}</SessionRealtime>
          <Toaster position="top-center" richColors closeButton />
        </SessionProvider>
      </QueryClientProvider>
    </ApiClientProvider>
  )
}
