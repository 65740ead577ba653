import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { consoleRoutes, recordingRoute, renderConsoleAt, resourceRoutes, serverPerTest } from '../../test/console';

const startServer = serverPerTest();

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

describe('profiles', () => {
  it('suspends a member only with a reason, and shows the suspension', async () => {
    let current: Record<string, unknown> & { id: string } = rui;
    const suspend = recordingRoute(() => (current = { ...rui, suspended_at: '2026-11-23T12:00:00Z', suspended_reason: 'Spam' }));
    const server = await startServer({
      ...consoleRoutes(),
      ...resourceRoutes('profiles', () => [current]),
      [`/api/v1/admin/profiles/${rui.id}/suspend`]: suspend.route,
    });
    renderConsoleAt(`#/profiles/${rui.id}/show`, server);

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
    expect(suspend.received).toEqual([{ reason: 'Spam' }]);
    expect(await screen.findByRole('button', { name: 'Reativar' })).toBeTruthy();
    expect(await screen.findByText('Spam')).toBeTruthy();
  });
});
