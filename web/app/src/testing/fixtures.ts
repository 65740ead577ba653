import type { FeedPost } from '@/features/posts'
import type { SessionBody } from '@/features/session'
import type { ApiPaths } from '@/lib/api'

type Profile = ApiPaths['/api/v1/profiles/me']['get']['responses'][200]['content']['application/json']

/** The member every signed-in test uses. */
export const testUser: SessionBody['user'] = {
  id: '0192f000-0000-7000-8000-000000000001',
  email: 'ana@example.com',
  display_name: 'Ana Souza',
  handle: 'ana',
  avatar_url: null,
  avatar_variants: [],
  role: 'member',
}

export const testSessionBody: SessionBody = {
  access_token: 'test-access-token',
  expires_at: '2030-01-01T00:00:00Z',
  user: testUser,
}

/** testUser's own profile (GET /api/v1/profiles/me and /profiles/ana). */
export const testProfile: Profile = {
  id: testUser.id,
  handle: 'ana',
  display_name: 'Ana Souza',
  bio: 'Fotógrafa e ciclista.',
  location: 'Recife, PE',
  website_url: 'https://ana.example.com',
  avatar_url: null,
  avatar_variants: [],
  banner_url: null,
  is_verified: false,
  follower_count: 12,
  following_count: 34,
  post_count: 5,
  created_at: '2026-11-15T12:00:00Z',
  is_following: false,
  is_blocking: false,
  is_muting: false,
  domain: null,
  remote_url: null,
}

/** Another member (GET /api/v1/profiles/bia). */
export const otherProfile: Profile = {
  id: '0192f000-0000-7000-8000-000000000002',
  handle: 'bia',
  display_name: 'Bia Lima',
  bio: null,
  location: null,
  website_url: null,
  avatar_url: null,
  avatar_variants: [],
  banner_url: null,
  is_verified: true,
  follower_count: 1200,
  following_count: 3,
  post_count: 0,
  created_at: '2025-03-10T12:00:00Z',
  is_following: false,
  is_blocking: false,
  is_muting: false,
  domain: null,
  remote_url: null,
}

/** A text post by otherProfile, five minutes old, as feeds answer it. */
export function testPost(id: string, changes: Partial<FeedPost> = {}): FeedPost {
  return {
    id,
    author_id: otherProfile.id,
    author: { id: otherProfile.id, handle: otherProfile.handle, display_name: otherProfile.display_name, avatar_url: null, avatar_variants: [] },
    text_content: 'Olá do Recife',
    media_url: null,
    media_width: null,
    media_height: null,
    media_variants: [],
    image_alt: null,
    media_id: null,
    type: 'text',
    visibility: 'public',
    audience_id: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    updated_at: new Date().toISOString(),
    like_count: 0,
    comment_count: 0,
    share_count: 0,
    is_liked: false,
    link_preview_url: null,
    link_preview_title: null,
    link_preview_description: null,
    link_preview_image_url: null,
    link_preview_site_name: null,
    ...changes,
  }
}

/** A post testUser has just written, as POST /api/v1/posts answers it. */
export function testOwnPost(id: string, changes: Partial<FeedPost> = {}): FeedPost {
  const author = { id: testUser.id, handle: testUser.handle, display_name: testUser.display_name, avatar_url: null, avatar_variants: [] }
  const now = new Date().toISOString()
  return testPost(id, { author_id: testUser.id, author, created_at: now, updated_at: now, ...changes })
}

/** A member as lists and plugins name one: id, handle, name and no avatar. */
export interface TestProfileRef {
  id: string
  handle: string
  display_name: string
  avatar_url: null
  avatar_variants: never[]
}

/** The members of the tests by name: Ana (testUser), Bia (otherProfile), and Caio, who has no profile of his own. */
export const profileRefs = {
  ana: { id: testProfile.id, handle: testProfile.handle, display_name: testProfile.display_name, avatar_url: null, avatar_variants: [] },
  bia: { id: otherProfile.id, handle: otherProfile.handle, display_name: otherProfile.display_name, avatar_url: null, avatar_variants: [] },
  caio: { id: '0192f000-0000-7000-8000-000000000003', handle: 'caio', display_name: 'Caio Reis', avatar_url: null, avatar_variants: [] },
} as const satisfies Record<string, TestProfileRef>
