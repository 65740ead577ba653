import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { App } from '../app';
import { createDataProvider } from '../data/data-provider';
import { sendJson, startApiServer, type ApiServer } from '../test/api-server';
import { createAuthProvider } from './auth-provider';
import { setSession } from './session';

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

const problemType = { 'Content-Type': 'application/problem+json' };

/** An administrator whose account has the authenticator app on; the console's stats refused until `open`. */
function routes(open: boolean) {
  return {
    '/api/v1/auth/sign-in': (_request: IncomingMessage, response: ServerResponse) =>
      sendJson(response, 202, { challenge: 'desafio', expires_at: '2026-12-26T12:05:00Z', methods: ['totp', 'recovery_code'] }),
    '/api/v1/auth/second-step': async (request: IncomingMessage, response: ServerResponse) => {
      const body = await readBody(request);
      if (body.challenge !== 'desafio' || body.code !== '123456') {
        sendJson(response, 401, { title: 'Erro', status: 401, detail: 'Código inválido. Confira o código e tente novamente.', code: 'invalid_second_step_code' }, problemType);
        return;
      }
      sendJson(response, 200, {
        access_token: 'token-guarda',
        user: { id: 'id-guarda', email: 'guarda@example.com', handle: 'guarda', display_name: 'Guarda', role: 'admin' },
      });
    },
    '/api/v1/auth/refresh': (_request: IncomingMessage, response: ServerResponse) =>
      sendJson(response, 401, { title: 'Sessão expirada', status: 401, detail: 'Sessão expirada', code: 'session_expired' }, problemType),
    '/api/v1/admin/stats': (_request: IncomingMessage, response: ServerResponse) =>
      open
        ? sendJson(response, 500, { title: 'Erro', status: 500, detail: 'falhou', code: 'internal' }, problemType)
        : sendJson(response, 403, {
            title: 'Erro',
            status: 403,
            detail: 'Para usar o console, ative a verificação em duas etapas (aplicativo autenticador ou passkey) em Configurações.',
            code: 'second_step_required',
          }, problemType),
  };
}

function renderConsole(api: ApiServer) {
  const base = api.adminApiUrl.replace('/admin', '/auth');
  return render(<App dataProvider={createDataProvider(api.adminApiUrl)} authProvider={createAuthProvider(base)} />);
}

async function signIn(code: string) {
  fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'guarda@example.com' } });
  fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: 'Senha123forte' } });
  fireEvent.change(screen.getByLabelText(/Código de verificação/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('the console and the second step of signing in', () => {
  it('asks for the code of an account with a second step, then signs in with it', async () => {
    server = await startApiServer(routes(false));
    renderConsole(server);
    await signIn('');
    expect(await screen.findByText('Esta conta usa verificação em duas etapas: digite também o código do aplicativo autenticador.')).toBeTruthy();
    await signIn('123456');
    // Signed in; in production the server refuses staff without a second step, and the console says where to turn it on.
    expect(await screen.findByText(/ative a verificação em duas etapas/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir Configurações' }).getAttribute('href')).toBe('/settings');
  });
});
