import type { Profile } from './types'

/** The avatar's fallback: the first letter of the name shown (display name, else handle). */
export function initialOf(profile: Pick<Profile, 'display_name' | 'handle'>): string {
  const name = profile.display_name || profile.handle
  return Array.from(name)[0]?.toUpperCase() ?? ''
}
