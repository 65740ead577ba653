import { useEffect, useState } from 'react';

const none: readonly string[] = [];

/**
 * The plugins the server says are switched off. While the answer loads, or
 * when it fails, this is empty: a plugin's screens go away only when the
 * server says so, never for want of an answer.
 */
export function useDisabledPlugins(load: () => Promise<readonly string[]>): readonly string[] {
  const [disabled, setDisabled] = useState<readonly string[]>(none);
  useEffect(() => {
    let current = true;
    load().then(
      (names) => {
        if (current) setDisabled(names);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load]);
  return disabled;
}
