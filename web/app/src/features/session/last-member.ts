import type { SessionUser } from './types'

/**
 * Who last used the app on this device (never a token: those stay in
 * memory and in the HttpOnly cookie). It lets the app open offline as that
 * member with what they last saw, and spares an anonymous visitor the
 * refresh call that could only answer 401.
 */
export const lastMemberKey = 'social:last-member'

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function loadLastMember(): SessionUser | null {
  const raw = storage()?.getItem(lastMemberKey)
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<SessionUser>
    if (typeof value.id !== 'string' || typeof value.handle !== 'string') return null
    return {
      id: value.id,
      email: value.email ?? '',
      displayName: value.displayName ?? '',
      handle: value.handle,
      avatarUrl: value.avatarUrl ?? null,
      avatarVariants: Array.isArray(value.avatarVariants) ? value.avatarVariants : [],
      role: value.role,
    }
  } catch {
    return null
  }
}

export function saveLastMember(user: SessionUser): void {
  try {
    storage()?.setItem(lastMemberKey, JSON.stringify(user))
  } catch {
    // A full or blocked storage only costs the offline start.
  }
}

export function forgetLastMember(): void {
  storage()?.removeItem(lastMemberKey)
}
