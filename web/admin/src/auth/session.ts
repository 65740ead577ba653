/** Who is signed in to the console, as the auth API answered. */
export type ConsoleUser = {
  id: string;
  email: string;
  handle: string;
  display_name: string;
  role: 'member' | 'moderator' | 'admin';
};

export type ConsoleSession = { accessToken: string; user: ConsoleUser };

/** The job dashboard (/admin/jobs) is a page the browser opens itself: it gets the token in this cookie. */
export const jobsCookie = 'social_console';

let current: ConsoleSession | null = null;

export function getSession(): ConsoleSession | null {
  return current;
}

/**
 * Keeps the access token in memory only (the refresh token lives in the
 * HttpOnly cookie the server set) and hands it to the job dashboard.
 */
export function setSession(session: ConsoleSession | null): void {
  current = session;
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = session
    ? `${jobsCookie}=${session.accessToken}; Path=/admin/jobs; SameSite=Strict${secure}`
    : `${jobsCookie}=; Path=/admin/jobs; SameSite=Strict; Max-Age=0${secure}`;
}

export function isStaff(role: string | undefined): boolean {
  return role === 'moderator' || role === 'admin';
}
