import type { components } from './schema'

/**
 * The server's problem+json document. Partial because a proxy or a crashed
 * server may answer with anything; read each field defensively.
 */
export type Problem = Partial<components['schemas']['Problem']>

type FieldError = components['schemas']['FieldError']

/** A non-2xx answer, carrying the server's problem document when there is one. */
export class ApiError extends Error {
  readonly status: number
  readonly problem: Problem | undefined
  /** How long the server asked to wait before asking again (Retry-After), when it did. */
  readonly retryAfterMs: number | undefined

  constructor(operation: string, status: number, problem?: Problem, retryAfterMs?: number) {
    super(`${operation}: ${String(status)}${problem?.code ? ` ${problem.code}` : ''}`)
    this.name = 'ApiError'
    this.status = status
    this.problem = problem
    this.retryAfterMs = retryAfterMs
  }
}

/** The server's own words for a refusal (its problem's detail), else the fallback. */
export function problemDetailOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.problem?.detail ? error.problem.detail : fallback
}

/**
 * The wait a response's Retry-After header asks for, in milliseconds: the
 * server sends it with 503 while its database is away, and with 429. The
 * header is either whole seconds or an HTTP date; anything else is ignored.
 */
export function retryAfterOf(response: Response, now: number = Date.now()): number | undefined {
  const value = response.headers.get('Retry-After')?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  // An HTTP date names its day and month; Date.parse alone would take '-3' for a year.
  const at = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : NaN
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

function asProblem(value: unknown): Problem | undefined {
  return typeof value === 'object' && value !== null ? value : undefined
}

function errorOf(operation: string, result: { error?: unknown; response: Response }): ApiError {
  return new ApiError(operation, result.response.status, asProblem(result.error), retryAfterOf(result.response))
}

/**
 * Returns the body of a successful openapi-fetch result or throws ApiError,
 * so query functions can stay one line.
 */
export function unwrap<T>(operation: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data
  throw errorOf(operation, result)
}

/**
 * The server's per-field messages keyed by field name: an entry located at
 * 'body.display_name' becomes `display_name`. The first message of a field wins.
 */
export function fieldErrorsOf(problem: Problem | undefined): Partial<Record<string, string>> {
  const result: Partial<Record<string, string>> = {}
  // Read defensively like the rest of the document: a proxy may send anything.
  const entries: readonly Partial<FieldError>[] = problem?.errors ?? []
  for (const { location, message } of entries) {
    if (typeof location !== 'string' || !location.startsWith('body.') || typeof message !== 'string') continue
    const field = location.slice('body.'.length)
    result[field] ??= message
  }
  return result
}

/** Like unwrap, for answers without a body (204, 202 without content). */
export function unwrapEmpty(operation: string, result: { error?: unknown; response: Response }): void {
  if (result.response.ok) return
  throw errorOf(operation, result)
}
