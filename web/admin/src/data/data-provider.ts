import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type RaRecord } from 'react-admin';

import { parseAdminStats, type AdminStats } from './admin-stats';
import { httpClient } from './http-client';

/** Where the Go server mounts the admin resources (react-admin simple-rest shape). */
export const adminApiUrl = '/api/v1/admin';

/** What a moderator does with a report. */
export type ReportAction = 'dismiss' | 'remove_post' | 'suspend_author';

/** A report sent on to the reported account's server. */
export type ReportForwarding = { report_id: string; server: string; content: string; forwarded_at: string };

export type AdminDataProvider = DataProvider & {
  getStats: () => Promise<AdminStats>;
  /** POST /profiles/{id}/suspend or /unsuspend with a reason; answers the profile. */
  setSuspended: (id: string, suspended: boolean, reason: string) => Promise<RaRecord>;
  /** PUT /profiles/{id} with one field (administrators). */
  updateProfile: (id: string, change: { is_verified?: boolean; role?: string }) => Promise<RaRecord>;
  /** DELETE /{resource}/{id} with a reason (posts). */
  removeWithReason: (resource: string, id: string, reason: string) => Promise<void>;
  /** POST /reports/{id}/resolve; answers the report. */
  resolveReport: (id: string, action: ReportAction, note: string) => Promise<RaRecord>;
  /** POST /rooms/{id}/end with a reason (administrators). */
  endRoom: (id: string, reason: string) => Promise<RaRecord>;
  /** GET /reports/{id}/forward (federation plugin): the report's forwarding to another server, null while it has none. */
  getReportForwarding: (id: string) => Promise<ReportForwarding | null>;
  /** POST /reports/{id}/forward (federation plugin) with the text the other server reads; answers the forwarding. */
  forwardReport: (id: string, content: string) => Promise<ReportForwarding>;
  /** The plugins GET /api/v1/meta reports switched off. */
  getDisabledPlugins: () => Promise<string[]>;
};

export function createDataProvider(apiUrl: string = adminApiUrl): AdminDataProvider {
  const base = simpleRestProvider(apiUrl, httpClient);
  // The public meta answer sits beside the admin API: /api/v1/meta.
  const metaUrl = apiUrl.replace(/\/admin$/, '/meta');
  const send = async (method: string, path: string, body: unknown) => {
    const { json } = await httpClient(`${apiUrl}${path}`, { method, body: JSON.stringify(body) });
    return json as RaRecord;
  };
  return {
    ...base,
    getStats: async () => {
      const { json } = await httpClient(`${apiUrl}/stats`);
      return parseAdminStats(json);
    },
    setSuspended: (id, suspended, reason) =>
      send('POST', `/profiles/${encodeURIComponent(id)}/${suspended ? 'suspend' : 'unsuspend'}`, { reason }),
    updateProfile: (id, change) => send('PUT', `/profiles/${encodeURIComponent(id)}`, change),
    removeWithReason: async (resource, id, reason) => {
      await send('DELETE', `/${resource}/${encodeURIComponent(id)}`, { reason });
    },
    resolveReport: (id, action, note) => send('POST', `/reports/${encodeURIComponent(id)}/resolve`, { action, note }),
    endRoom: (id, reason) => send('POST', `/rooms/${encodeURIComponent(id)}/end`, { reason }),
    getReportForwarding: async (id) => {
      try {
        const { json } = await httpClient(`${apiUrl}/reports/${encodeURIComponent(id)}/forward`);
        return json as ReportForwarding;
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    forwardReport: async (id, content) =>
      (await send('POST', `/reports/${encodeURIComponent(id)}/forward`, { content })) as unknown as ReportForwarding,
    getDisabledPlugins: async () => {
      const { json } = await httpClient(metaUrl);
      const disabled = (json as { disabled_plugins?: unknown } | undefined)?.disabled_plugins;
      return Array.isArray(disabled) ? disabled.filter((name): name is string => typeof name === 'string') : [];
    },
  };
}
