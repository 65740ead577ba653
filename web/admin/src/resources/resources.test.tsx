import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { sendJson } from '../test/api-server';
import { consoleRoutes, renderConsoleAt, resourceRoutes, serverPerTest } from '../test/console';

const startServer = serverPerTest();

afterEach(() => vi.restoreAllMocks());

const migrations = [
  { id: 'core:20261122000001_init', set: 'core', name: '20261122000001_init', group_id: 1, migrated_at: '2026-11-22T15:04:05Z' },
  { id: 'rooms:20261123000001_rooms', set: 'rooms', name: '20261123000001_rooms', group_id: 2, migrated_at: '2026-11-23T09:00:00Z' },
];

const plugins = [
  { id: 'communities', enabled: false, routes: 0, workers: 0, periodic_jobs: 0, migrations: 1, topics: 0 },
  { id: 'rooms', enabled: true, routes: 4, workers: 1, periodic_jobs: 1, migrations: 2, topics: 1 },
];

describe('migrations resource', () => {
  it('lists migrations in the simple-rest shape, with pt-BR labels and dates', async () => {
    const server = await startServer({ ...consoleRoutes(), ...resourceRoutes('migrations', () => migrations) });
    renderConsoleAt('#/migrations', server);

    const cell = await screen.findByText('20261123000001_rooms');
    const row = cell.closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('rooms')).toBeTruthy();
    expect(within(row as HTMLElement).getByText(/^2[23]\/11\/2026, \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Conjunto/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Aplicada em/ })).toBeTruthy();
    expect(screen.getByText('1-2 de 2')).toBeTruthy();

    const list = server.requests.find((r) => r.url.startsWith('/api/v1/admin/migrations?'));
    const query = new URL(list?.url ?? '/', 'http://localhost').searchParams;
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['id', 'ASC']);
    expect(JSON.parse(query.get('range') ?? '')).toEqual([0, 24]);
    expect(list?.headers.range).toBe('migrations=0-24');
  });

  it('shows one migration, asking for it by its encoded id', async () => {
    const server = await startServer(resourceRoutes('migrations', () => migrations));
    renderConsoleAt(`#/migrations/${encodeURIComponent(migrations[0].id)}/show`, server);

    expect(await screen.findByText('core:20261122000001_init')).toBeTruthy();
    expect(screen.getByText('Identificador')).toBeTruthy();
    expect(screen.getByText('Grupo')).toBeTruthy();
  });
});

describe('plugins resource', () => {
  it('lists plugins with enabled as a yes/no field', async () => {
    const server = await startServer(resourceRoutes('plugins', () => plugins));
    renderConsoleAt('#/plugins', server);

    const rooms = (await screen.findByText('rooms')).closest('tr') as HTMLElement;
    expect(within(rooms).getByLabelText('Sim')).toBeTruthy();
    const communities = screen.getByText('communities').closest('tr') as HTMLElement;
    expect(within(communities).getByLabelText('Não')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Jobs periódicos/ })).toBeTruthy();
  });
});

describe('a list the server refuses', () => {
  it('shows the problem detail instead of an empty table', async () => {
    const detail = 'O console de administração está fechado até que existam contas de administrador.';
    const server = await startServer({
      '/api/v1/admin/plugins': (_request, response) =>
        sendJson(
          response,
          403,
          { title: 'Forbidden', status: 403, detail, code: 'admin_access_closed' },
          { 'Content-Type': 'application/problem+json' },
        ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderConsoleAt('#/plugins', server);

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent?.includes(detail))).toBe(true);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Linhas por página:')).toBeNull();
  });
});

describe('an empty list', () => {
  it('says so in Portuguese', async () => {
    const server = await startServer({
      '/api/v1/admin/migrations': (_request, response) =>
        sendJson(response, 200, [], { 'Content-Range': 'migrations */0' }),
    });
    renderConsoleAt('#/migrations', server);

    expect(await screen.findByText('Ainda não há migrações.')).toBeTruthy();
  });
});
