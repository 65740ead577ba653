import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { sendJson } from '../../test/api-server';
import { consoleRoutes, readJsonBody, renderConsoleAt, resourceRoutes, serverPerTest } from '../../test/console';
import { dateTimeOptions } from '../format';

const serve = serverPerTest();

const report = {
  id: '0192f000-0000-7000-8000-0000000000c1',
  status: 'open',
  reason: 'Spam de outro servidor',
  target_type: 'comment',
  target_id: '0192f000-0000-7000-8000-0000000000d1',
  target_text: 'Compre já!',
  target_image_alt: null,
  target_author_handle: 'ana@remoto.example',
  target_exists: true,
  reporter_handle: 'lia',
  same_target_count: 1,
  resolution: null,
  resolution_note: null,
  resolver_handle: null,
  resolved_at: null,
  created_at: '2026-11-23T10:00:00Z',
};

const forwardedAt = '2026-11-24T15:30:00Z';
const forwardPath = `/api/v1/admin/reports/${report.id}/forward`;
const notForwarded = {
  title: 'Not Found',
  status: 404,
  code: 'report_not_forwarded',
  detail: 'Esta denúncia não foi encaminhada a outro servidor.',
};

describe('forwarding a report to the reported account’s server', () => {
  it('offers no forwarding on a report about a member of this server', async () => {
    const local = { ...report, target_author_handle: 'bia' };
    let asked = 0;
    const api = await serve({
      ...consoleRoutes(['federation']),
      ...resourceRoutes('reports', () => [local]),
      [forwardPath]: (_request, response) => {
        asked++;
        sendJson(response, 404, notForwarded, { 'Content-Type': 'application/problem+json' });
      },
    });
    renderConsoleAt(`#/reports/${report.id}/show`, api);
    expect(await screen.findByText('Compre já!')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Arquivar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Encaminhar ao servidor de origem' })).toBeNull();
    expect(asked).toBe(0);
  });

  it('forwards a remote report with the text confirmed, then shows where and when it went', async () => {
    const sent: { content: string }[] = [];
    const api = await serve({
      ...consoleRoutes(['federation']),
      ...resourceRoutes('reports', () => [report]),
      [forwardPath]: async (request, response) => {
        if (request.method === 'POST') {
          sent.push(await readJsonBody<{ content: string }>(request));
        }
        if (sent.length === 0) {
          sendJson(response, 404, notForwarded, { 'Content-Type': 'application/problem+json' });
          return;
        }
        sendJson(response, 200, {
          report_id: report.id,
          server: 'remoto.example',
          activity_id: 'https://social.example/ap/actor/flags/1',
          content: sent[0].content,
          forwarded_by: 'm1',
          forwarded_at: forwardedAt,
        });
      },
    });
    renderConsoleAt(`#/reports/${report.id}/show`, api);

    fireEvent.click(await screen.findByRole('button', { name: 'Encaminhar ao servidor de origem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Encaminhar a denúncia' });
    // It names the server the report goes to.
    expect(within(dialog).getByText(/A moderação de remoto\.example recebe/)).toBeTruthy();
    const text = within(dialog).getByLabelText('Texto para a moderação do outro servidor');
    // The report's reason to begin with, with its length counted.
    expect((text as HTMLTextAreaElement).value).toBe('Spam de outro servidor');
    expect(within(dialog).getByText('22/500 caracteres')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(text));
    fireEvent.change(text, { target: { value: ' Propaganda em massa ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Encaminhar' }));

    expect(await screen.findByText('Denúncia encaminhada a remoto.example.')).toBeTruthy();
    expect(sent).toEqual([{ content: 'Propaganda em massa' }]);
    const date = new Date(forwardedAt).toLocaleString('pt-BR', dateTimeOptions);
    expect(await screen.findByText(`Encaminhada a remoto.example em ${date}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Encaminhar ao servidor de origem' })).toBeNull();
  });

  it('shows a report already forwarded with its server and date, and no button', async () => {
    const api = await serve({
      ...consoleRoutes(['federation']),
      ...resourceRoutes('reports', () => [report]),
      [forwardPath]: (_request, response) =>
        sendJson(response, 200, {
          report_id: report.id,
          server: 'remoto.example',
          activity_id: 'https://social.example/ap/actor/flags/1',
          content: 'Spam',
          forwarded_by: null,
          forwarded_at: forwardedAt,
        }),
    });
    renderConsoleAt(`#/reports/${report.id}/show`, api);
    const date = new Date(forwardedAt).toLocaleString('pt-BR', dateTimeOptions);
    expect(await screen.findByText(`Encaminhada a remoto.example em ${date}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Encaminhar ao servidor de origem' })).toBeNull();
  });

  it('shows the server’s refusal in Portuguese', async () => {
    const api = await serve({
      ...consoleRoutes(['federation']),
      ...resourceRoutes('reports', () => [report]),
      [forwardPath]: (request, response) =>
        request.method === 'POST'
          ? sendJson(
              response,
              422,
              { status: 422, code: 'report_not_remote', detail: 'Só é possível encaminhar denúncias de posts ou comentários de contas de outros servidores.' },
              { 'Content-Type': 'application/problem+json' },
            )
          : sendJson(response, 404, notForwarded, { 'Content-Type': 'application/problem+json' }),
    });
    renderConsoleAt(`#/reports/${report.id}/show`, api);
    fireEvent.click(await screen.findByRole('button', { name: 'Encaminhar ao servidor de origem' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Encaminhar' }));
    expect(
      await screen.findByText('Só é possível encaminhar denúncias de posts ou comentários de contas de outros servidores.'),
    ).toBeTruthy();
  });

  it('adds nothing to the report screen while the plugin is off', async () => {
    const api = await serve({
      '/api/v1/admin/stats': (_request, response) => sendJson(response, 200, {}),
      '/api/v1/meta': (_request, response) => sendJson(response, 200, { plugins: [], disabled_plugins: ['federation'] }),
      ...resourceRoutes('reports', () => [report]),
      [forwardPath]: (_request, response) =>
        sendJson(response, 404, notForwarded, { 'Content-Type': 'application/problem+json' }),
    });
    renderConsoleAt(`#/reports/${report.id}/show`, api);
    expect(await screen.findByText('Compre já!')).toBeTruthy();
    await waitFor(() => expect(api.requests.some((r) => r.url === '/api/v1/meta')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Encaminhar ao servidor de origem' })).toBeNull();
  });
});
