import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { consoleRoutes, renderConsoleAt, resourceRoutes, serverPerTest } from '../../test/console';
import { conversationsMessages } from './messages';

const startServer = serverPerTest();

const conversation = {
  id: '0192f000-0000-7000-8000-0000000000d1',
  user_low_id: '0192f000-0000-7000-8000-0000000000a1',
  user_low_handle: 'ana',
  user_high_id: '0192f000-0000-7000-8000-0000000000b1',
  user_high_handle: 'bruno',
  message_count: 42,
  created_at: '2026-11-20T10:00:00Z',
  last_message_at: null,
};

function conversationsServer() {
  return startServer({ ...consoleRoutes(['messages']), ...resourceRoutes('conversations', () => [conversation]) });
}

describe('conversations', () => {
  it('lists who talks and how much, and says why no message is shown', async () => {
    renderConsoleAt('#/conversations', await conversationsServer());
    expect(await screen.findByText('bruno')).toBeTruthy();
    expect(screen.getByText('ana')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText(conversationsMessages.private_note)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Última mensagem em/ })).toBeTruthy();
  });

  it('shows one conversation without any action on it', async () => {
    renderConsoleAt(`#/conversations/${conversation.id}/show`, await conversationsServer());
    expect(await screen.findByText('bruno')).toBeTruthy();
    expect(screen.getByText(conversationsMessages.private_note)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Excluir|Editar/ })).toBeNull();
  });
});
