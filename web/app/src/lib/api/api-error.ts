import type { components } from './schema'

/**
 * The server's problem+json document. Partial because a proxy or a crashed
 * server may answer with anything; read each field defensively.
 */
export type Problem = Partial<components['schemas']['Problem']>

/** A non-2xx answer, carrying the server's problem document when there is one. */
export class ApiError extends Error {
  readonly status: number
  readonly problem: Problem | undefined

  constructor(operation: string, status: number, problem?: Problem) {
    super(`${operation}: ${String(status)}${problem?.code ? ` ${problem.code}` : ''}`)
    this.name = 'ApiError'
    this.status = status
    this.problem = problem
  }
}

function asProblem(value: unknown): Problem | undefined {
  return typeof value === 'object' && value !== null ? value : undefined
}

/**
 * Returns the body of a successful openapi-fetch result or throws ApiError,
 * so query functions can stay one line.
 */
export function unwrap<T>(operation: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data
  throw new ApiError(operation, result.response.status, asProblem(result.error))
}
