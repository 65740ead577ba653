import type { ApiPaths, JsonBody } from '@/lib/api'

/** The communities contract (plugins/communities), from the OpenAPI document. */
type GetCommunity = JsonBody<ApiPaths['/api/v1/communities/{id}']['get']['responses'][200]>
type ListMembers = JsonBody<ApiPaths['/api/v1/communities/{id}/members']['get']['responses'][200]>
type Join = JsonBody<ApiPaths['/api/v1/communities/{id}/join']['post']['responses'][200]>

/** The same schema is nullable everywhere (no membership: null); a join always answers one. */
export type Membership = NonNullable<Join['membership']>
export type CommunityRole = Membership['role']
export type MembershipStatus = Membership['status']
export type CommunityPrivacy = GetCommunity['privacy']
export type CommunityProfile = GetCommunity['owner']

export type Community = GetCommunity

export type CommunityMember = NonNullable<ListMembers['items']>[number]

export type NewCommunity = NonNullable<ApiPaths['/api/v1/communities']['post']['requestBody']>['content']['application/json']
