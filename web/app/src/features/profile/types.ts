import type { ApiPaths } from '@/lib/api'

/** A member's public profile; `is_following` is false for oneself. */
export type Profile = ApiPaths['/api/v1/profiles/me']['get']['responses'][200]['content']['application/json']

/** The fields PATCH /profiles/me takes; an empty string clears a field. */
export type ProfileChanges = NonNullable<
  ApiPaths['/api/v1/profiles/me']['patch']['requestBody']
>['content']['application/json']

export type ProfileImageKind = 'avatar' | 'banner'

type FollowsPath = ApiPaths['/api/v1/profiles/{handle}/followers']['get']

/** After a follow or an unfollow: the viewer's state and the profile's follower count. */
export type FollowState =
  ApiPaths['/api/v1/profiles/{handle}/follow']['post']['responses'][200]['content']['application/json']

/** Followers ('followers') or followed members ('following') of a profile. */
export type FollowDirection = 'followers' | 'following'

/** One page of a list, newest follow first; no next_cursor at the end (items may come as null). */
export type FollowPage = FollowsPath['responses'][200]['content']['application/json']

/** One member of a followers or following list. */
export type FollowEntry = NonNullable<FollowPage['items']>[number]

/** One page of a member's posts, newest first; no next_cursor at the end (items may come as null). */
export type ProfilePostsPage =
  ApiPaths['/api/v1/profiles/{handle}/posts']['get']['responses'][200]['content']['application/json']
