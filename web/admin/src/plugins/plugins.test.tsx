import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { sendJson } from '../test/api-server';
import { consoleRoutes, renderConsoleAt, resourceRoutes, serverPerTest } from '../test/console';
import { consolePlugins } from './registry';

const serve = serverPerTest();

const communities = [
  { id: 'c1', name: 'Leitores de Machado', privacy: 'open', member_count: 12, owner_handle: 'ana', created_at: '2026-11-20T10:00:00Z' },
];

async function startServer(disabledPlugins: string[]) {
  return serve({
    '/api/v1/meta': (_request, response) =>
      sendJson(response, 200, { plugins: ['communities', 'rooms', 'stories', 'messages'].filter((p) => !disabledPlugins.includes(p)), disabled_plugins: disabledPlugins }),
    ...consoleRoutes(),
    ...resourceRoutes('communities', () => communities),
  });
}

const menu = () => screen.getAllByRole('menu')[0];

describe('plugin screens', () => {
  it('lists each registered plugin in the menu while the server has it on', async () => {
    renderConsoleAt('#/', await startServer([]));
    expect(await within(menu()).findByRole('menuitem', { name: 'Comunidades' })).toBeTruthy();
    expect(within(menu()).getByRole('menuitem', { name: 'Salas de música' })).toBeTruthy();
    expect(within(menu()).getByRole('menuitem', { name: 'Stories' })).toBeTruthy();
    expect(within(menu()).getByRole('menuitem', { name: 'Conversas' })).toBeTruthy();
  });

  it('drops a plugin the server reports off, and keeps the others', async () => {
    const api = await startServer(['rooms', 'stories', 'messages']);
    renderConsoleAt('#/', api);
    await waitFor(() => expect(api.requests.some((r) => r.url === '/api/v1/meta')).toBe(true));
    await waitFor(() => expect(within(menu()).queryByRole('menuitem', { name: 'Salas de música' })).toBeNull());
    expect(within(menu()).queryByRole('menuitem', { name: 'Stories' })).toBeNull();
    expect(within(menu()).queryByRole('menuitem', { name: 'Conversas' })).toBeNull();
    expect(within(menu()).getByRole('menuitem', { name: 'Comunidades' })).toBeTruthy();
    expect(within(menu()).getByRole('menuitem', { name: 'Plugins' })).toBeTruthy();
  });

  it('has no screens for a plugin left out of the registry, even while the server has it on', async () => {
    renderConsoleAt('#/', await startServer([]), { plugins: consolePlugins.filter((plugin) => plugin.name !== 'rooms') });
    expect(await within(menu()).findByRole('menuitem', { name: 'Comunidades' })).toBeTruthy();
    // By its address: without the descriptor the label would not be the pt-BR one either.
    expect(menu().querySelector('a[href="#/rooms"]')).toBeNull();
  });

  it("labels a plugin's list with the texts of its descriptor", async () => {
    renderConsoleAt('#/communities', await startServer([]));
    expect(await screen.findByText('Leitores de Machado')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Dono/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Membros/ })).toBeTruthy();
  });
});
