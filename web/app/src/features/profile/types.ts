import type { ApiPaths } from '@/lib/api'

/** A member's public profile (the contract's Profile object). */
export type Profile = ApiPaths['/api/v1/profiles/me']['get']['responses'][200]['content']['application/json']

/** The fields PATCH /profiles/me takes; an empty string clears a field. */
export type ProfileChanges = NonNullable<
  ApiPaths['/api/v1/profiles/me']['patch']['requestBody']
>['content']['application/json']

export type ProfileImageKind = 'avatar' | 'banner'
