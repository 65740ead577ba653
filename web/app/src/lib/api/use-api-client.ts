import { useContext } from 'react'

import { ApiClientContext } from './api-client-context'
import type { ApiClient } from './client'

export function useApiClient(): ApiClient {
  return useContext(ApiClientContext)
}
