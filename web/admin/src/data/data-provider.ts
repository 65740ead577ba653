import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';

import { parseAdminStats, type AdminStats } from './admin-stats';
import { httpClient } from './http-client';

/** Where the Go server mounts the admin resources (react-admin simple-rest shape). */
export const adminApiUrl = '/api/v1/admin';

export type AdminDataProvider = DataProvider & {
  getStats: () => Promise<AdminStats>;
};

export function createDataProvider(apiUrl: string = adminApiUrl): AdminDataProvider {
  const base = simpleRestProvider(apiUrl, httpClient);
  return {
    ...base,
    getStats: async () => {
      const { json } = await httpClient(`${apiUrl}/stats`);
      return parseAdminStats(json);
    },
  };
}
