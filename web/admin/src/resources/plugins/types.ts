/** One plugin and what it contributes, as GET /api/v1/admin/plugins lists it. */
export type PluginInfo = {
  /** The plugin's name, e.g. `rooms`. */
  id: string;
  enabled: boolean;
  routes: number;
  workers: number;
  periodic_jobs: number;
  migrations: number;
  topics: number;
};
