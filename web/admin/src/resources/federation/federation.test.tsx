import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';

import { sendJson } from '../../test/api-server';
import { consoleRoutes, readJsonBody, renderConsoleAt, resourceRoutes, serverPerTest } from '../../test/console';

const serve = serverPerTest();

const policies = [
  {
    id: 'p1',
    domain: 'spam.example',
    suspend: true,
    silence: false,
    reject_media: true,
    reason: 'Spam em massa',
    accounts: 3,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
  },
];

/** Signed in as a moderator, without the sign-in form. */
const moderator: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => 'moderator',
  getIdentity: async () => ({ id: 'm1', fullName: 'Moderadora' }),
};

const menu = () => screen.getAllByRole('menu')[0];

describe('instance policies', () => {
  it('shows moderators the policies in the menu, and nothing else of the plugins', async () => {
    const api = await serve({ ...consoleRoutes(['federation', 'rooms']), ...resourceRoutes('federation_policies', () => policies) });
    renderConsoleAt('#/', api, { authProvider: moderator });
    await waitFor(() => expect(within(menu()).getByRole('menuitem', { name: 'Políticas de servidores' })).toBeTruthy(), {
      timeout: 5000,
    });
    expect(within(menu()).queryByRole('menuitem', { name: 'Salas de música' })).toBeNull();
    expect(within(menu()).getByRole('menuitem', { name: 'Denúncias' })).toBeTruthy();
  });

  it('lists the policies with their measures and reason', async () => {
    const api = await serve({ ...consoleRoutes(['federation']), ...resourceRoutes('federation_policies', () => policies) });
    renderConsoleAt('#/federation_policies', api);
    expect(await screen.findByText('spam.example')).toBeTruthy();
    expect(screen.getByText('Spam em massa')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Suspender/ })).toBeTruthy();
  });

  it('creates a policy with the measures and the reason the moderator gave', async () => {
    const received: Record<string, unknown>[] = [];
    const api = await serve({
      ...consoleRoutes(['federation']),
      '/api/v1/admin/federation_policies': async (request, response) => {
        if (request.method === 'POST') {
          const body = await readJsonBody(request);
          received.push(body);
          sendJson(response, 201, { ...policies[0], ...body, id: 'p2' });
          return;
        }
        sendJson(response, 200, [], { 'Content-Range': 'federation_policies 0-0/0' });
      },
    });
    renderConsoleAt('#/federation_policies/create', api);
    fireEvent.change(await screen.findByLabelText(/Domínio/), { target: { value: 'ruim.example' } });
    fireEvent.click(screen.getByLabelText(/Silenciar/));
    fireEvent.change(screen.getByLabelText(/Motivo/), { target: { value: 'Assédio organizado' } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ domain: 'ruim.example', silence: true, suspend: false, reason: 'Assédio organizado' });
  });
});
