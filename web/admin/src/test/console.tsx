import { cleanup, render } from '@testing-library/react';
import type { IncomingMessage } from 'node:http';
import type { AuthProvider } from 'react-admin';
import { afterEach, beforeEach } from 'vitest';

import { App } from '../app';
import { createAuthProvider } from '../auth/auth-provider';
import { setSession } from '../auth/session';
import { createDataProvider } from '../data/data-provider';
import type { ConsolePlugin } from '../plugins';
import { sendJson, startApiServer, type ApiServer, type Route } from './api-server';

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

/**
 * The routes every console page reads around a resource's screens: the home
 * page's stats (empty) and, given the plugins a test's resource belongs to,
 * /api/v1/meta reporting them on.
 */
export function consoleRoutes(plugins?: string[]): Record<string, Route> {
  const routes: Record<string, Route> = {
    '/api/v1/admin/stats': (_request, response) => sendJson(response, 200, {}),
  };
  if (plugins) {
    routes['/api/v1/meta'] = (_request, response) => sendJson(response, 200, { plugins, disabled_plugins: [] });
  }
  return routes;
}

/**
 * A resource's list, every record on one page, and each record by its id
 * (URL-encoded, as the console asks for it).
 * records is asked at every request, so a test may change what it answers.
 */
export function resourceRoutes(resource: string, records: () => readonly { id: string }[]): Record<string, Route> {
  const byId = Object.fromEntries(
    records().map(({ id }): [string, Route] => [
      `/api/v1/admin/${resource}/${encodeURIComponent(id)}`,
      (_request, response) => sendJson(response, 200, records().find((record) => record.id === id)),
    ]),
  );
  return {
    [`/api/v1/admin/${resource}`]: (_request, response) => {
      const all = records();
      sendJson(response, 200, all, { 'Content-Range': `${resource} 0-${String(all.length - 1)}/${String(all.length)}` });
    },
    ...byId,
  };
}

/** A route keeping the JSON body of each request it receives and answering what answer returns for it. */
export function recordingRoute<T = Record<string, unknown>>(answer: (body: T) => unknown): { route: Route; received: T[] } {
  const received: T[] = [];
  const route: Route = async (request, response) => {
    const body = await readJsonBody<T>(request);
    received.push(body);
    sendJson(response, 200, answer(body));
  };
  return { route, received };
}
