import { paths } from '@/config/paths'
import { communitiesPaths } from '@/features/communities/plugin'

import type { SearchResult } from './types'

/**
 * Where a result leads: a user to /profile/{handle}, the handle
 * being the subtitle without the at sign; a community to /communities/{id}. A
 * post goes to its own page, /post/{id}, rather than to '/'.
 */
export function resultTarget(result: SearchResult): string {
  switch (result.type) {
    case 'user':
      return paths.userProfile(result.subtitle.trim().replace(/^@/, ''))
    case 'community':
      return communitiesPaths.community(result.id)
    case 'post':
      return paths.post(result.id)
    default:
      return paths.home
  }
}
