import type { Middleware } from 'openapi-fetch'

import { takeEarlyRead } from '@/lib/early-start'

/**
 * Answers a GET with the read the page's first script already made for it
 * (src/early-start.ts), once, when the request carries the same access
 * token; any other request goes to the server as usual. It must come after
 * the Bearer middleware, which sets the token it compares.
 */
export function createEarlyReadsMiddleware(): Middleware {
  return {
    async onRequest({ request }) {
      if (request.method !== 'GET') return undefined
      const url = new URL(request.url)
      const early = takeEarlyRead(url.pathname + url.search)
      if (!early) return undefined
      const read = await early
      if (!read || request.headers.get('Authorization') !== `Bearer ${read.token}`) return undefined
      return read.response
    },
  }
}
