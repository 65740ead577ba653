import { createContext } from 'react'

import type { RealtimeClient } from './realtime-client'

/** The tab's live connection, or null outside a RealtimeProvider. */
export const RealtimeContext = createContext<RealtimeClient | null>(null)
