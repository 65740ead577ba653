import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { App } from '../app';
import { createDataProvider } from '../data/data-provider';
import { sendJson, startApiServer, type ApiServer } from '../test/api-server';

const stats = {
  plugins_enabled: 4,
  migrations_applied: 1234,
  database_size_bytes: 12_345_678,
  jobs: { available: 5, running: 2, retryable: 1, scheduled: 3, completed: 12_045, discarded: 7, cancelled: 0 },
  queue_depth: 9,
  failed_jobs: 7,
  totals: { members: 1520, posts: 8042, comments: 310, open_reports: 3, suspended: 2, staff: 4 },
  sign_ups_per_day: [
    { day: '2026-11-21', count: 4 },
    { day: '2026-11-22', count: 0 },
    { day: '2026-11-23', count: 11 },
  ],
  posts_per_day: [
    { day: '2026-11-22', count: 30 },
    { day: '2026-11-23', count: 12 },
  ],
};

let server: ApiServer | undefined;

beforeEach(() => {
  window.location.hash = '#/';
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

function renderConsole(api: ApiServer) {
  return render(<App dataProvider={createDataProvider(api.adminApiUrl)} authProvider={null} />);
}

describe('Dashboard', () => {
  it('shows a loading state, then the numbers the server sent, formatted pt-BR', async () => {
    server = await startApiServer({
      '/api/v1/admin/stats': (_request, response) => {
        setTimeout(() => sendJson(response, 200, stats), 300);
      },
    });
    renderConsole(server);

    expect(await screen.findByText('Carregando estatísticas…')).toBeTruthy();

    const plugins = await screen.findByRole('region', { name: 'Plugins ativos' });
    expect(within(plugins).getByText('4')).toBeTruthy();
    const migrations = screen.getByRole('region', { name: 'Migrações aplicadas' });
    expect(within(migrations).getByText('1.234')).toBeTruthy();
    const size = screen.getByRole('region', { name: 'Tamanho do banco' });
    expect(within(size).getByText('11,8 MB')).toBeTruthy();

    expect(within(screen.getByRole('region', { name: 'Membros' })).getByText('1.520')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Denúncias abertas' })).getByText('3')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Jobs na fila' })).getByText('9')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Jobs com falha' })).getByText('7')).toBeTruthy();

    // One bar per day, each saying its day and count; the chart's total above it.
    const signUps = screen.getByRole('region', { name: 'Cadastros por dia (últimos 30 dias)' });
    expect(within(signUps).getByText('15')).toBeTruthy();
    const bars = [...signUps.querySelectorAll('svg title')].map((t) => t.textContent);
    expect(bars).toEqual(['21/11/2026: 4', '22/11/2026: 0', '23/11/2026: 11']);
    const posts = screen.getByRole('region', { name: 'Posts por dia (últimos 30 dias)' });
    expect(within(posts).getByText('42')).toBeTruthy();

    const jobs = screen.getByRole('region', { name: 'Fila de jobs' });
    const states = within(jobs)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const counts = within(jobs)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(Object.fromEntries(states.map((state, i) => [state, counts[i]]))).toEqual({
      Disponíveis: '5',
      'Em execução': '2',
      'Para repetir': '1',
      Agendados: '3',
      Concluídos: '12.045',
      Descartados: '7',
      Cancelados: '0',
    });

    const panel = within(jobs).getByRole('link', { name: 'Abrir painel de jobs' });
    expect(panel.getAttribute('href')).toBe('/admin/jobs');

    expect(server.requests.map((r) => r.url)).toContain('/api/v1/admin/stats');
    const statsRequest = server.requests.find((r) => r.url === '/api/v1/admin/stats');
    expect(statsRequest?.headers.accept).toContain('application/problem+json');
  });

  it('shows the pt-BR detail of a problem answer', async () => {
    const detail = 'O console de administração está fechado até que existam contas de administrador.';
    server = await startApiServer({
      '/api/v1/admin/stats': (_request, response) => {
        sendJson(
          response,
          403,
          { title: 'Forbidden', status: 403, detail, code: 'admin_access_closed', request_id: 'req-1' },
          { 'Content-Type': 'application/problem+json' },
        );
      },
    });
    // react-admin logs every failed data provider call in development; the alert is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderConsole(server);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar as estatísticas');
    expect(alert.textContent).toContain(detail);
    // A 403 will not change by asking again: exactly one request.
    expect(server.requests.filter((r) => r.url === '/api/v1/admin/stats')).toHaveLength(1);
  });
});
