import { useQuery } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';

import type { AdminStats } from '../data/admin-stats';
import type { AdminDataProvider } from '../data/data-provider';

export const adminStatsQueryKey = ['admin', 'stats'] as const;

/** A 4xx answer (e.g. 403 admin_access_closed) will not change on retry; a network or 5xx error may. */
function retryTransientErrors(failureCount: number, error: Error): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function useAdminStats() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery<AdminStats, Error>({
    queryKey: adminStatsQueryKey,
    queryFn: () => dataProvider.getStats(),
    retry: retryTransientErrors,
  });
}
