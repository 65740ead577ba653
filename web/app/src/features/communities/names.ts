import type { CommunityProfile } from './types'

export function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? ''
}

/** A profile's display name, else its handle. */
export function profileName(profile: CommunityProfile | null | undefined): string {
  return profile?.display_name || profile?.handle || ''
}
