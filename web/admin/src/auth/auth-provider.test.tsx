import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { App } from '../app';
import { createDataProvider } from '../data/data-provider';
import { sendJson, startApiServer, type ApiServer } from '../test/api-server';
import { createAuthProvider } from './auth-provider';
import { getSession, setSession } from './session';

let server: ApiServer | undefined;

beforeEach(() => {
  window.location.hash = '#/';
  setSession(null);
});

afterEach(async () => {
  cleanup();
  setSession(null);
  await server?.close();
  server = undefined;
});

function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => resolve(raw ? (JSON.parse(raw) as Record<string, string>) : {}));
  });
}

const accounts: Record<string, string> = { 'ana@example.com': 'member', 'chefe@example.com': 'admin' };

/** The auth API as the server answers it: sign-in by e-mail, a refresh cookie that is never set here. */
function authRoutes() {
  return {
    '/api/v1/auth/sign-in': async (request: IncomingMessage, response: ServerResponse) => {
      const body = await readBody(request);
      const role = accounts[body.email];
      if (!role || body.password !== 'Senha123forte' || body.token_transport !== 'cookie') {
        sendJson(response, 401, { title: 'Falha', status: 401, detail: 'Email ou senha inválidos', code: 'invalid_credentials' }, {
          'Content-Type': 'application/problem+json',
        });
        return;
      }
      const handle = body.email.split('@')[0];
      sendJson(response, 200, {
        access_token: `token-${handle}`,
        user: { id: `id-${handle}`, email: body.email, handle, display_name: handle.toUpperCase(), role },
      });
    },
    '/api/v1/auth/refresh': (_request: IncomingMessage, response: ServerResponse) =>
      sendJson(response, 401, { title: 'Sessão expirada', status: 401, detail: 'Sessão expirada', code: 'session_expired' }, {
        'Content-Type': 'application/problem+json',
      }),
    '/api/v1/auth/sign-out': (_request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(204);
      response.end();
    },
    '/api/v1/admin/stats': (_request: IncomingMessage, response: ServerResponse) => sendJson(response, 200, {}),
  };
}

function renderConsole(api: ApiServer) {
  const base = api.adminApiUrl.replace('/admin', '/auth');
  return render(<App dataProvider={createDataProvider(api.adminApiUrl)} authProvider={createAuthProvider(base)} />);
}

async function signIn(email: string, password = 'Senha123forte') {
  fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('signing in to the console', () => {
  it('asks for a sign-in, refuses members with a pt-BR message and signs them out', async () => {
    server = await startApiServer(authRoutes());
    renderConsole(server);
    await signIn('ana@example.com');
    expect(await screen.findByText('Acesso restrito à moderação e à administração.')).toBeTruthy();
    expect(getSession()).toBeNull();
    expect(server.requests.some((r) => r.method === 'POST' && r.url === '/api/v1/auth/sign-out')).toBe(true);
  });

  it('asks the server for no session on an anonymous first visit (no 401 from /auth/refresh)', async () => {
    localStorage.clear();
    server = await startApiServer(authRoutes());
    renderConsole(server);
    await screen.findByLabelText(/E-mail/);
    expect(server.requests.filter((r) => r.url === '/api/v1/auth/refresh')).toEqual([]);
  });

  // A failed session check leads to one sign-out and the sign-in form, not
  // to a loop of checks and sign-outs before the form shows.
  it.each([
    ['an anonymous first visit', () => localStorage.clear()],
    ['a device whose session has expired', () => localStorage.setItem('social:console-signed-in', '1')],
  ])('checks the session a few times only on %s', async (_case, prepare) => {
    prepare();
    server = await startApiServer(authRoutes());
    const base = server.adminApiUrl.replace('/admin', '/auth');
    const provider = createAuthProvider(base);
    const calls = { checkAuth: 0, logout: 0 };
    const counted: AuthProvider = {
      ...provider,
      checkAuth: (params) => {
        calls.checkAuth++;
        return provider.checkAuth(params);
      },
      logout: (params) => {
        calls.logout++;
        return provider.logout(params);
      },
    };
    render(<App dataProvider={createDataProvider(server.adminApiUrl)} authProvider={counted} />);
    await screen.findByLabelText(/E-mail/);
    expect(calls.checkAuth).toBeLessThanOrEqual(4);
    expect(calls.logout).toBeLessThanOrEqual(2);
    expect(server.requests.filter((r) => r.url === '/api/v1/auth/refresh').length).toBeLessThanOrEqual(1);
  });

  it("shows the server's detail for a wrong password", async () => {
    server = await startApiServer(authRoutes());
    renderConsole(server);
    await signIn('chefe@example.com', 'errada');
    expect(await screen.findByText('Email ou senha inválidos')).toBeTruthy();
  });

  it('lets an administrator in and sends the access token with every admin call', async () => {
    server = await startApiServer(authRoutes());
    renderConsole(server);
    await signIn('chefe@example.com');
    expect(await screen.findByText('Auditoria')).toBeTruthy();
    await screen.findByRole('region', { name: 'Membros' });
    const stats = server.requests.find((r) => r.url === '/api/v1/admin/stats');
    expect(stats?.headers.authorization).toBe('Bearer token-chefe');
  });
});
