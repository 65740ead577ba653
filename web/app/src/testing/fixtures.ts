import type { PendingSessionUser } from '@/lib/api'

/** The member every signed-in test uses. */
export const testUser: PendingSessionUser = {
  id: '0192f000-0000-7000-8000-000000000001',
  email: 'ana@example.com',
  display_name: 'Ana Souza',
  handle: 'ana',
}

export const testSessionBody = {
  access_token: 'test-access-token',
  expires_at: '2030-01-01T00:00:00Z',
  user: testUser,
}
