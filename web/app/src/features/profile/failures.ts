import { ApiError, fieldErrorsOf } from '@/lib/api'
import { refusedOffline } from '@/lib/use-mutation'

import { profileMessages as m } from './messages'
import type { ProfileFormErrors, ProfileFormValues } from './validation'

const serverFields: Partial<Record<string, keyof ProfileFormValues>> = {
  display_name: 'displayName',
  bio: 'bio',
  location: 'location',
  website_url: 'website',
}

/** Image refusals whose server text says what to fix. */
const fileCodes = new Set(['file_too_large', 'invalid_file_type', 'invalid_file_name'])

export interface ProfileFailure {
  /** Absent for a save refused offline: the offline toast has said so already. */
  toast?: { title: string; description: string }
  fieldErrors: ProfileFormErrors
}

/**
 * 429 reads 'Muitas tentativas' with the server's wait
 * text; a refused image reads the server's reason; anything else (field errors
 * included, which also go under their inputs) 'Não foi possível atualizar o perfil.'
 */
export function describeProfileFailure(error: unknown): ProfileFailure {
  if (refusedOffline(error)) return { fieldErrors: {} }
  const problem = error instanceof ApiError ? error.problem : undefined
  const fieldErrors: ProfileFormErrors = {}
  for (const [serverName, message] of Object.entries(fieldErrorsOf(problem))) {
    const name = serverFields[serverName]
    if (name && message) fieldErrors[name] = message
  }
  const detail = problem?.detail
  if (error instanceof ApiError && error.status === 429 && detail) {
    return { toast: { title: m.rateLimitedTitle, description: detail }, fieldErrors }
  }
  if (problem?.code && fileCodes.has(problem.code) && detail) {
    return { toast: { title: m.errorTitle, description: detail }, fieldErrors }
  }
  return { toast: { title: m.errorTitle, description: m.updateFailed }, fieldErrors }
}
