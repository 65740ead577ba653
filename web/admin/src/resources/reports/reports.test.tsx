import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { consoleRoutes, recordingRoute, renderConsoleAt, resourceRoutes, serverPerTest } from '../../test/console';

const startServer = serverPerTest();

const open = {
  id: '0192f000-0000-7000-8000-0000000000a1',
  status: 'open',
  reason: 'Spam',
  target_type: 'post',
  target_id: '0192f000-0000-7000-8000-0000000000b1',
  target_text: 'Compre seguidores baratos',
  target_image_alt: 'Print de um anúncio de seguidores',
  target_author_handle: 'ana',
  target_exists: true,
  reporter_handle: 'bia',
  same_target_count: 2,
  resolution: null,
  resolution_note: null,
  resolver_handle: null,
  resolved_at: null,
  created_at: '2026-11-23T10:00:00Z',
};

describe('reports queue', () => {
  it('lists open reports with the post and the reporter, and resolves one by removing the post with a note', async () => {
    let current: Record<string, unknown> & { id: string } = open;
    const resolve = recordingRoute(
      () =>
        (current = { ...open, status: 'actioned', resolution: 'remove_post', resolution_note: 'Spam de venda', resolver_handle: 'chefe' }),
    );
    const server = await startServer({
      ...consoleRoutes(),
      ...resourceRoutes('reports', () => [current]),
      [`/api/v1/admin/reports/${open.id}/resolve`]: resolve.route,
    });
    renderConsoleAt('#/reports', server);

    const row = (await screen.findByText('Compre seguidores baratos')).closest('tr') as HTMLElement;
    expect(within(row).getByText('bia')).toBeTruthy();
    expect(within(row).getByText('Aberta')).toBeTruthy();
    const list = server.requests.find((r) => r.url.startsWith('/api/v1/admin/reports?'));
    expect(decodeURIComponent(list?.url ?? '')).toContain('filter={"status":"open"}');

    fireEvent.click(row);
    // The reported image's description, beside the reported text.
    expect(await screen.findByText('Print de um anúncio de seguidores')).toBeTruthy();
    expect(screen.getAllByText('Descrição da imagem').length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover post' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nota (opcional)'), { target: { value: '  Spam de venda ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover post' }));

    expect(await screen.findByText('Denúncia resolvida')).toBeTruthy();
    expect(resolve.received).toEqual([{ action: 'remove_post', note: 'Spam de venda' }]);
    expect(await screen.findByText('Resolvida com ação')).toBeTruthy();
    // A closed report offers no more actions.
    expect(screen.queryByRole('button', { name: 'Arquivar' })).toBeNull();
  });
});
