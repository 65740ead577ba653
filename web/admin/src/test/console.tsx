import { cleanup, render } from '@testing-library/react';
import type { IncomingMessage } from 'node:http';
import type { AuthProvider } from 'react-admin';
import { afterEach, beforeEach } from 'vitest';

import { App } from '../app';
import { createAuthProvider } from '../auth/auth-provider';
import { setSession } from '../auth/session';
import { createDataProvider } from '../data/data-provider';
import type { ConsolePlugin } from '../plugins';
import { startApiServer, type ApiServer, type Route } from './api-server';

/**
 * Gives a test file's tests one API server each: the returned function
 * starts it, and after each test the rendered console is removed and the
 * server closed.
 */
export function serverPerTest(): (routes: Record<string, Route>) => Promise<ApiServer> {
  let server: ApiServer | undefined;
  afterEach(async () => {
    cleanup();
    await server?.close();
    server = undefined;
  });
  return async (routes) => (server = await startApiServer(routes));
}

type ConsoleOptions = {
  /** Without one the console renders without signing in. */
  authProvider?: AuthProvider | null;
  plugins?: readonly ConsolePlugin[];
};

/** Renders the whole console at hash, talking to api. */
export function renderConsoleAt(hash: string, api: ApiServer, { authProvider = null, plugins }: ConsoleOptions = {}) {
  window.location.hash = hash;
  return render(<App dataProvider={createDataProvider(api.adminApiUrl)} authProvider={authProvider} plugins={plugins} />);
}

/** The JSON a request sent, {} when it sent nothing. */
export function readJsonBody<T = Record<string, unknown>>(request: IncomingMessage): Promise<T> {
  return new Promise((resolve) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => resolve((raw ? JSON.parse(raw) : {}) as T));
  });
}

/** The console's own auth provider, aimed at api's /api/v1/auth. */
export function authProviderFor(api: ApiServer): AuthProvider {
  return createAuthProvider(api.adminApiUrl.replace('/admin', '/auth'));
}

/** Starts each test of the file signed out at the console's home, and signs out after it. */
export function signedOutPerTest() {
  beforeEach(() => {
    window.location.hash = '#/';
    setSession(null);
  });
  afterEach(() => setSession(null));
}
