import { createContext } from 'react'

import { apiClient, type ApiClient } from './client'

/** Lets tests (or a future host) swap the client every feature uses. */
export const ApiClientContext = createContext<ApiClient>(apiClient)
