import { fireEvent, screen } from '@testing-library/react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';

import { sendJson, sendProblem } from '../test/api-server';
import { authProviderFor, readJsonBody, renderConsoleAt, serverPerTest, signedOutPerTest } from '../test/console';

const startServer = serverPerTest();
signedOutPerTest();

/** An administrator whose account has the authenticator app on; the console's stats refused until `open`. */
function routes(open: boolean) {
  return {
    '/api/v1/auth/sign-in': (_request: IncomingMessage, response: ServerResponse) =>
      sendJson(response, 202, { challenge: 'desafio', expires_at: '2026-12-26T12:05:00Z', methods: ['totp', 'recovery_code'] }),
    '/api/v1/auth/second-step': async (request: IncomingMessage, response: ServerResponse) => {
      const body = await readJsonBody<Record<string, string>>(request);
      if (body.challenge !== 'desafio' || body.code !== '123456') {
        sendProblem(response, 401, 'Código inválido. Confira o código e tente novamente.', 'invalid_second_step_code');
        return;
      }
      sendJson(response, 200, {
        access_token: 'token-guarda',
        user: { id: 'id-guarda', email: 'guarda@example.com', handle: 'guarda', display_name: 'Guarda', role: 'admin' },
      });
    },
    '/api/v1/auth/refresh': (_request: IncomingMessage, response: ServerResponse) =>
      sendProblem(response, 401, 'Sessão expirada', 'session_expired', 'Sessão expirada'),
    '/api/v1/admin/stats': (_request: IncomingMessage, response: ServerResponse) =>
      open
        ? sendProblem(response, 500, 'falhou', 'internal')
        : sendProblem(
            response,
            403,
            'Para usar o console, ative a verificação em duas etapas (aplicativo autenticador ou passkey) em Configurações.',
            'second_step_required',
          ),
  };
}

async function signIn(code: string) {
  fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'guarda@example.com' } });
  fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: 'Senha123forte' } });
  fireEvent.change(screen.getByLabelText(/Código de verificação/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('the console and the second step of signing in', () => {
  it('asks for the code of an account with a second step, then signs in with it', async () => {
    const server = await startServer(routes(false));
    renderConsoleAt('#/', server, { authProvider: authProviderFor(server) });
    await signIn('');
    expect(await screen.findByText('Esta conta usa verificação em duas etapas: digite também o código do aplicativo autenticador.')).toBeTruthy();
    await signIn('123456');
    // Signed in; in production the server refuses staff without a second step, and the console says where to turn it on.
    expect(await screen.findByText(/ative a verificação em duas etapas/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir Configurações' }).getAttribute('href')).toBe('/settings');
  });
});
