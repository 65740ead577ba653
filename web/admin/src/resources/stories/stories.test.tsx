import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { consoleRoutes, renderConsoleAt, resourceRoutes, serverPerTest } from '../../test/console';

const startServer = serverPerTest();

const story = {
  id: '0192f000-0000-7000-8000-0000000000s1',
  author_id: '0192f000-0000-7000-8000-0000000000a1',
  author_handle: 'ana',
  text: 'Bom dia, Recife!',
  view_count: 7,
  created_at: '2026-11-28T09:00:00Z',
  expires_at: '2026-11-29T09:00:00Z',
};

function storiesServer() {
  return startServer({ ...consoleRoutes(['stories']), ...resourceRoutes('stories', () => [story]) });
}

const listRequests = (api: Awaited<ReturnType<typeof storiesServer>>) =>
  api.requests.filter((r) => r.url.startsWith('/api/v1/admin/stories?')).map((r) => new URL(r.url, 'http://x').searchParams);

describe('stories', () => {
  it('lists stories newest first with their pt-BR columns', async () => {
    const api = await storiesServer();
    renderConsoleAt('#/stories', api);
    expect(await screen.findByText('Bom dia, Recife!')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Visualizações/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Expira em/ })).toBeTruthy();
    expect(listRequests(api)[0].get('sort')).toBe('["created_at","DESC"]');
  });

  it('does not ask the server to sort by text, which it cannot', async () => {
    const api = await storiesServer();
    renderConsoleAt('#/stories', api);
    await screen.findByText('Bom dia, Recife!');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Texto/ })).getByText('Texto'));
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Visualizações/ })).getByText('Visualizações'));
    await waitFor(() => expect(listRequests(api).some((q) => q.get('sort')?.startsWith('["view_count"'))).toBe(true));
    expect(listRequests(api).some((q) => q.get('sort')?.startsWith('["text"'))).toBe(false);
  });

  it('shows one story read-only', async () => {
    renderConsoleAt(`#/stories/${story.id}/show`, await storiesServer());
    expect(await screen.findByText('Bom dia, Recife!')).toBeTruthy();
    expect(screen.getByText('ana')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Excluir|Editar/ })).toBeNull();
  });
});
