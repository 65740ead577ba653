import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';

import { App } from '../../app';
import { createDataProvider } from '../../data/data-provider';
import { sendJson, startApiServer, type ApiServer } from '../../test/api-server';

let server: ApiServer | undefined;

afterEach(async () => {
  cleanup();
  await server?.close();
  server = undefined;
});

const rui = {
  id: '0192f000-0000-7000-8000-0000000000c1',
  handle: 'rui',
  display_name: 'Rui Alves',
  email: 'rui@example.com',
  role: 'member',
  is_verified: false,
  confirmed: true,
  suspended_at: null,
  suspended_reason: null,
  bio: null,
  post_count: 3,
  follower_count: 1,
  following_count: 0,
  created_at: '2026-11-20T10:00:00Z',
};

function body(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let raw = '';
    request.on('data', (c) => (raw += c));
    request.on('end', () => resolve(JSON.parse(raw)));
  });
}

describe('profiles', () => {
  it('suspends a member only with a reason, and shows the suspension', async () => {
    let current: Record<string, unknown> = rui;
    const sent: unknown[] = [];
    server = await startApiServer({
      [`/api/v1/admin/profiles/${rui.id}`]: (_request, response) => sendJson(response, 200, current),
      [`/api/v1/admin/profiles/${rui.id}/suspend`]: async (request: IncomingMessage, response: ServerResponse) => {
        sent.push(await body(request));
        current = { ...rui, suspended_at: '2026-11-23T12:00:00Z', suspended_reason: 'Spam' };
        sendJson(response, 200, current);
      },
      '/api/v1/admin/stats': (_request, response) => sendJson(response, 200, {}),
    });
    window.location.hash = `#/profiles/${rui.id}/show`;
    render(<App dataProvider={createDataProvider(server.adminApiUrl)} authProvider={null} />);

    expect(await screen.findByText('rui@example.com')).toBeTruthy();
    const posts = screen.getByRole('link', { name: 'Ver posts' });
    expect(decodeURIComponent(posts.getAttribute('href') ?? '')).toBe(`#/posts?filter={"author_id":"${rui.id}"}`);
    // Without the administrator's role, no badge or role controls.
    expect(screen.queryByRole('button', { name: 'Marcar como verificado' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Suspender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspender @rui' });
    const confirm = within(dialog).getByRole('button', { name: 'Suspender' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: 'Spam' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    expect(await screen.findByText('Conta suspensa')).toBeTruthy();
    expect(sent).toEqual([{ reason: 'Spam' }]);
    expect(await screen.findByRole('button', { name: 'Reativar' })).toBeTruthy();
    expect(await screen.findByText('Spam')).toBeTruthy();
  });
});
