/**
 * Test data and a small in-memory stand-in for /api/v1/communities, answering
 * at the fetch boundary (the TestResponder hook of src/testing/test-fetch).
 */
import type { FeedPost } from '@/features/posts'
import { otherProfile, testPost, testProfile } from '@/testing/fixtures'
import { json, problem, sent } from '@/testing/test-fetch'

import type { Community, CommunityMember, CommunityProfile } from './types'

// The fetch boundary's route table, shared by every feature's tests.
export { routes, sent } from '@/testing/test-fetch'

export const anaRef: CommunityProfile = {
  id: testProfile.id,
  handle: testProfile.handle,
  display_name: testProfile.display_name,
  avatar_url: null,
  avatar_variants: [],
}
export const biaRef: CommunityProfile = {
  id: otherProfile.id,
  handle: otherProfile.handle,
  display_name: otherProfile.display_name,
  avatar_url: null,
  avatar_variants: [],
}
export const caioRef: CommunityProfile = {
  id: '0192f000-0000-7000-8000-000000000003',
  handle: 'caio',
  display_name: 'Caio Reis',
  avatar_url: null,
  avatar_variants: [],
}
export const duduRef: CommunityProfile = {
  id: '0192f000-0000-7000-8000-000000000004',
  handle: 'dudu',
  display_name: 'Dudu Alves',
  avatar_url: null,
  avatar_variants: [],
}

export function makeCommunity(id: string, changes: Partial<Community> = {}): Community {
  return {
    id,
    name: `Comunidade ${id}`,
    description: `Sobre ${id}`,
    privacy: 'open',
    owner_id: biaRef.id,
    owner: biaRef,
    avatar_url: null,
    avatar_variants: [],
    member_count: 10,
    created_at: '2026-11-01T12:00:00Z',
    membership: null,
    ...changes,
  }
}

export const ownedBy = (profile: CommunityProfile, changes: Partial<Community> = {}) => ({
  owner_id: profile.id,
  owner: profile,
  membership: profile.id === anaRef.id ? { id: 'm-owner', role: 'owner' as const, status: 'approved' as const } : null,
  ...changes,
})

export function makeMember(id: string, profile: CommunityProfile, changes: Partial<CommunityMember> = {}): CommunityMember {
  return {
    id,
    user_id: profile.id,
    role: 'member',
    status: 'approved',
    joined_at: '2026-11-02T12:00:00Z',
    profile,
    ...changes,
  }
}

/**
 * A community's post: the feed's post (testPost), written by author for the
 * community's members.
 */
export function communityPost(id: string, communityId: string, author: CommunityProfile, changes: Partial<FeedPost> = {}): FeedPost {
  return testPost(id, {
    author_id: author.id,
    author: { ...author },
    text_content: `Post ${id}`,
    visibility: 'members_only',
    audience_id: communityId,
    ...changes,
  })
}

export const notFound = () => problem(404, { title: 'Not Found', code: 'community_not_found', detail: 'Community not found' })
export const ok = (body: unknown) => json(200, body)
export const noContent = () => new Response(null, { status: 204 })

/** Answers the feed of one community's posts (GET /feed?audience_id=id); other feeds fall through. */
export function audienceFeed(
  id: string,
  answer: (request: Request, url: URL) => Response | Promise<Response> | undefined,
): (request: Request, url: URL) => Response | Promise<Response> | undefined {
  return (request, url) => (url.searchParams.get('audience_id') === id ? answer(request, url) : undefined)
}

/** The reads of one community's posts among requests. */
export function audienceReads(requests: Request[], id: string): Request[] {
  return sent(requests, 'GET', '/feed').filter((r) => new URL(r.url).searchParams.get('audience_id') === id)
}
