import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';

import type { AdminDataProvider } from '../../data/data-provider';

/**
 * Runs one moderation call: pending while it runs, a pt-BR notice after
 * (done is a translation key)
 * (the server's own message on a refusal), and the page's data reloaded.
 */
export function useAct() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const run = async (call: (dp: AdminDataProvider) => Promise<unknown>, done: string, after?: () => void) => {
    setPending(true);
    try {
      await call(dataProvider);
      notify(done, { type: 'success' });
      after?.();
      refresh();
    } catch (error) {
      // The server's pt-BR detail, shown as is.
      const message = error instanceof Error ? error.message : String(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
