import { describe, expect, it } from 'vitest'

import { ApiError, fieldErrorsOf, retryAfterOf, unwrap } from './api-error'

describe('unwrap', () => {
  it('returns the body of a 2xx answer', () => {
    expect(unwrap('GET /x', { data: { ok: true }, response: new Response(null, { status: 200 }) })).toEqual({
      ok: true,
    })
  })

  it('throws ApiError with the problem document otherwise', () => {
    const problem = { title: 'Forbidden', status: 403, code: 'admin_access_closed', detail: 'Acesso fechado' }
    const call = () => unwrap('GET /x', { error: problem, response: new Response(null, { status: 403 }) })
    expect(call).toThrow(ApiError)
    expect(call).toThrow('GET /x: 403 admin_access_closed')
    try {
      call()
    } catch (error) {
      expect(error).toMatchObject({ status: 403, problem })
    }
  })
})

describe('retryAfterOf', () => {
  const answer = (value?: string) =>
    new Response(null, { status: 503, headers: value === undefined ? {} : { 'Retry-After': value } })

  it('reads whole seconds and HTTP dates, and ignores anything else', () => {
    const now = Date.parse('2026-11-25T12:00:00Z')
    expect(retryAfterOf(answer('5'), now)).toBe(5000)
    expect(retryAfterOf(answer(' 0 '), now)).toBe(0)
    expect(retryAfterOf(answer('Wed, 25 Nov 2026 12:00:07 GMT'), now)).toBe(7000)
    expect(retryAfterOf(answer('Wed, 25 Nov 2026 11:00:00 GMT'), now)).toBe(0)
    expect(retryAfterOf(answer(), now)).toBeUndefined()
    expect(retryAfterOf(answer('soon'), now)).toBeUndefined()
    expect(retryAfterOf(answer('-3'), now)).toBeUndefined()
  })

  it('is carried by the ApiError of a 503', () => {
    const problem = { status: 503, code: 'database_unavailable' }
    try {
      unwrap('GET /x', { error: problem, response: answer('5') })
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({ status: 503, retryAfterMs: 5000, problem })
    }
  })
})

describe('fieldErrorsOf', () => {
  it("keys the server's messages by field name, first message wins", () => {
    expect(
      fieldErrorsOf({
        errors: [
          { location: 'body.display_name', message: 'Nome deve ter no máximo 50 caracteres' },
          { location: 'body.display_name', message: 'segunda' },
          { location: 'body.handle', message: 'Nome de usuário deve ter entre 3 e 30 caracteres' },
          { location: 'query.page', message: 'ignorada' },
        ],
      }),
    ).toEqual({
      display_name: 'Nome deve ter no máximo 50 caracteres',
      handle: 'Nome de usuário deve ter entre 3 e 30 caracteres',
    })
  })

  it('reads whatever came defensively', () => {
    expect(fieldErrorsOf(undefined)).toEqual({})
    expect(fieldErrorsOf({ errors: null })).toEqual({})
  })
})
