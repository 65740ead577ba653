import { describe, expect, it } from 'vitest'

import { LAST_MEMBER_KEY, REFRESH_LOCK as EARLY_REFRESH_LOCK, SESSION_HINT_COOKIE, SESSION_QUERY_HINT } from '@/early-start/start'
import { testSessionBody } from '@/testing/fixtures'

import { earlyRefreshOutcome, REFRESH_LOCK } from './api/refresh-session'
import { sessionHint, sessionHintCookie } from './early-restore'
import { lastMemberKey } from './last-member'

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))

describe("the page's first script and the session", () => {
  it('share the hint cookie, the last member, the address hint and the refresh lock', () => {
    expect(SESSION_HINT_COOKIE).toBe(sessionHintCookie)
    expect(LAST_MEMBER_KEY).toBe(lastMemberKey)
    expect(SESSION_QUERY_HINT).toBe(sessionHint)
    expect(EARLY_REFRESH_LOCK).toBe(REFRESH_LOCK)
  })

  it("reads the first script's refresh as its own", async () => {
    const session = await earlyRefreshOutcome(answer(200, testSessionBody))
    expect(session.kind === 'session' && session.session.accessToken).toBe(testSessionBody.access_token)
    expect(await earlyRefreshOutcome(answer(401, { code: 'session_expired' }))).toEqual({ kind: 'signed-out' })
    expect(await earlyRefreshOutcome(Promise.reject(new TypeError('offline')))).toEqual({ kind: 'failed' })
    expect(await earlyRefreshOutcome(answer(503, { code: 'database_unavailable' }))).toMatchObject({ kind: 'failed' })
  })
})
