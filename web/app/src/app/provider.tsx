import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from 'sonner'

import { SessionProvider } from '@/features/session'
import { ApiClientProvider, apiClient as defaultApiClient, type ApiClient } from '@/lib/api'
import { createQueryClient } from '@/lib/react-query'

interface AppProviderProps {
  children: ReactNode
  /** Tests pass their own; the app uses the defaults. */
  apiClient?: ApiClient
  queryClient?: QueryClient
}

export function AppProvider({ children, apiClient = defaultApiClient, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <ApiClientProvider client={apiClient}>
      <QueryClientProvider client={client}>
        <SessionProvider>
          {children}
          <Toaster position="top-center" richColors closeButton />
        </SessionProvider>
      </QueryClientProvider>
    </ApiClientProvider>
  )
}
