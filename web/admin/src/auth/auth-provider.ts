import type { AuthProvider } from 'react-admin';

import { authMessages } from '../i18n/pt-br';
import { asProblem } from '../data/problem';
import { getSession, isStaff, setSession, type ConsoleSession, type ConsoleUser } from './session';

/** Where the server's sign-in, refresh and sign-out live. */
export const authApiUrl = '/api/v1/auth';

/**
 * Set while someone signed in on this device (here, or in the member app,
 * which shares the refresh cookie): only then is a refresh worth asking for.
 * An anonymous visit goes straight to the sign-in form instead of drawing a
 * 401 from /auth/refresh.
 */
const consoleMarker = 'social:console-signed-in';
const memberMarker = 'social:last-member';

function mayHaveSession(): boolean {
  try {
    return localStorage.getItem(consoleMarker) !== null || localStorage.getItem(memberMarker) !== null;
  } catch {
    return true;
  }
}

function rememberSignIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(consoleMarker, '1');
    else localStorage.removeItem(consoleMarker);
  } catch {
    // Without storage every visit asks the server, as before.
  }
}

type SessionBody = { access_token?: string; user?: ConsoleUser };

async function post(url: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, application/problem+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function readSession(response: Response): Promise<ConsoleSession | null> {
  const body = (await response.json()) as SessionBody;
  if (!body.access_token || !body.user) return null;
  return { accessToken: body.access_token, user: body.user };
}

/**
 * Renews the access token with the refresh cookie; null when the session is
 * over or its member is no longer staff.
 */
export async function refreshSession(authUrl: string = authApiUrl): Promise<ConsoleSession | null> {
  let response: Response;
  try {
    response = await post(`${authUrl}/refresh`);
  } catch {
    return null;
  }
  if (!response.ok) {
    setSession(null);
    rememberSignIn(false);
    return null;
  }
  const session = await readSession(response);
  setSession(session && isStaff(session.user.role) ? session : null);
  rememberSignIn(getSession() !== null);
  return getSession();
}

/**
 * Signs in with the member API (the refresh token stays in the HttpOnly
 * cookie) and refuses members: the console is for moderators and
 * administrators. The server checks the role again on every call.
 */
export function createAuthProvider(authUrl: string = authApiUrl): AuthProvider {
  return {
    async login({ username, password, code }: { username: string; password: string; code?: string }) {
      let response: Response;
      try {
        response = await post(`${authUrl}/sign-in`, { email: username, password, token_transport: 'cookie' });
        // An account with a second step gets a challenge, completed with
        // the authenticator app's code (or a recovery code).
        if (response.status === 202) {
          const pending = (await response.json()) as { challenge?: string };
          const typed = code?.trim() ?? '';
          if (!typed || !pending.challenge) throw new Error(authMessages.second_step_needed);
          const answer = /^\d{6}$/.test(typed) ? { code: typed } : { recovery_code: typed };
          response = await post(`${authUrl}/second-step`, {
            challenge: pending.challenge,
            token_transport: 'cookie',
            ...answer,
          });
        }
      } catch (error) {
        if (error instanceof Error && error.message === authMessages.second_step_needed) throw error;
        throw new Error(authMessages.network);
      }
      if (!response.ok) {
        const problem = asProblem(await response.json().catch(() => null));
        throw new Error(problem?.detail ?? authMessages.failed);
      }
      const session = await readSession(response);
      if (!session) throw new Error(authMessages.failed);
      if (!isStaff(session.user.role)) {
        await post(`${authUrl}/sign-out`).catch(() => undefined);
        throw new Error(authMessages.members_refused);
      }
      setSession(session);
      rememberSignIn(true);
    },
    async logout() {
      if (getSession()) await post(`${authUrl}/sign-out`).catch(() => undefined);
      setSession(null);
      rememberSignIn(false);
    },
    async checkAuth() {
      if (getSession() || (mayHaveSession() && (await refreshSession(authUrl)))) return;
      throw new Error(authMessages.signed_out);
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        if (await refreshSession(authUrl)) return;
        throw new Error(authMessages.signed_out);
      }
    },
    async getPermissions() {
      return getSession()?.user.role ?? null;
    },
    async getIdentity() {
      const session = getSession();
      if (!session) throw new Error(authMessages.signed_out);
      return { id: session.user.id, fullName: `${session.user.display_name} (@${session.user.handle})` };
    },
  };
}
