import { fireEvent, screen } from '@testing-library/react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';

import { sendJson, sendProblem } from '../test/api-server';
import { authProviderFor, readJsonBody, renderConsoleAt, serverPerTest, signedOutPerTest } from '../test/console';
import { getSession } from './session';

const startServer = serverPerTest();
signedOutPerTest();

const accounts: Record<string, string> = { 'ana@example.com': 'member', 'chefe@example.com': 'admin' };

/** The auth API as the server answers it: sign-in by e-mail, a refresh cookie that is never set here. */
function authRoutes() {
  return {
    '/api/v1/auth/sign-in': async (request: IncomingMessage, response: ServerResponse) => {
      const body = await readJsonBody<Record<string, string>>(request);
      const role = accounts[body.email];
      if (!role || body.password !== 'Senha123forte' || body.token_transport !== 'cookie') {
        sendProblem(response, 401, 'Email ou senha inválidos', 'invalid_credentials', 'Falha');
        return;
      }
      const handle = body.email.split('@')[0];
      sendJson(response, 200, {
        access_token: `token-${handle}`,
        user: { id: `id-${handle}`, email: body.email, handle, display_name: handle.toUpperCase(), role },
      });
    },
    '/api/v1/auth/refresh': (_request: IncomingMessage, response: ServerResponse) =>
      sendProblem(response, 401, 'Sessão expirada', 'session_expired', 'Sessão expirada'),
    '/api/v1/auth/sign-out': (_request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(204);
      response.end();
    },
    '/api/v1/admin/stats': (_request: IncomingMessage, response: ServerResponse) => sendJson(response, 200, {}),
  };
}

async function signIn(email: string, password = 'Senha123forte') {
  fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('signing in to the console', () => {
  it('asks for a sign-in, refuses members with a pt-BR message and signs them out', async () => {
    const server = await startServer(authRoutes());
    renderConsoleAt('#/', server, { authProvider: authProviderFor(server) });
    await signIn('ana@example.com');
    expect(await screen.findByText('Acesso restrito à moderação e à administração.')).toBeTruthy();
    expect(getSession()).toBeNull();
    expect(server.requests.some((r) => r.method === 'POST' && r.url === '/api/v1/auth/sign-out')).toBe(true);
  });

  it('asks the server for no session on an anonymous first visit (no 401 from /auth/refresh)', async () => {
    localStorage.clear();
    const server = await startServer(authRoutes());
    renderConsoleAt('#/', server, { authProvider: authProviderFor(server) });
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
    const server = await startServer(authRoutes());
    const provider = authProviderFor(server);
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
    renderConsoleAt('#/', server, { authProvider: counted });
    await screen.findByLabelText(/E-mail/);
    expect(calls.checkAuth).toBeLessThanOrEqual(4);
    expect(calls.logout).toBeLessThanOrEqual(2);
    expect(server.requests.filter((r) => r.url === '/api/v1/auth/refresh').length).toBeLessThanOrEqual(1);
  });

  it("shows the server's detail for a wrong password", async () => {
    const server = await startServer(authRoutes());
    renderConsoleAt('#/', server, { authProvider: authProviderFor(server) });
    await signIn('chefe@example.com', 'errada');
    expect(await screen.findByText('Email ou senha inválidos')).toBeTruthy();
  });

  it('lets an administrator in and sends the access token with every admin call', async () => {
    const server = await startServer(authRoutes());
    renderConsoleAt('#/', server, { authProvider: authProviderFor(server) });
    await signIn('chefe@example.com');
    expect(await screen.findByText('Auditoria')).toBeTruthy();
    await screen.findByRole('region', { name: 'Membros' });
    const stats = server.requests.find((r) => r.url === '/api/v1/admin/stats');
    expect(stats?.headers.authorization).toBe('Bearer token-chefe');
  });
});
