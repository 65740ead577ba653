import { ApiError } from '@/lib/api'

import { postsMessages as m } from '../messages'

/** Codes whose server title and detail are the media messages to show as they are. */
const mediaCodes = new Set(['media_too_large', 'media_type_invalid'])

/**
 * How a failed post creation is told: the media errors with the
 * server's title and detail, a 422 about the text under the text box, anything
 * else as 'Erro' / 'Não foi possível criar o post. Tente novamente.'.
 */
export function createFailureOf(error: unknown): { title: string; description: string; inline: boolean } {
  const problem = error instanceof ApiError ? error.problem : undefined
  if (problem?.code && mediaCodes.has(problem.code)) {
    return { title: problem.title ?? m.errorTitle, description: problem.detail ?? m.createFailed, inline: false }
  }
  if (error instanceof ApiError && error.status === 422 && problem?.detail && !problem.code?.startsWith('media_')) {
    return { title: m.errorTitle, description: problem.detail, inline: true }
  }
  return { title: m.errorTitle, description: m.createFailed, inline: false }
}
