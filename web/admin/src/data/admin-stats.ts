/** Job states of River's queue, in the order the dashboard lists them. */
export const jobStates = [
  'available',
  'running',
  'retryable',
  'scheduled',
  'completed',
  'discarded',
  'cancelled',
] as const;

export type JobState = (typeof jobStates)[number];

/** Body of GET /api/v1/admin/stats. */
export type AdminStats = {
  plugins_enabled: number;
  migrations_applied: number;
  database_size_bytes: number;
  jobs: Record<JobState, number>;
};

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Reads the server's answer defensively: a missing number shows as 0, not as a crash. */
export function parseAdminStats(body: unknown): AdminStats {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const jobsBody =
    typeof record.jobs === 'object' && record.jobs !== null ? (record.jobs as Record<string, unknown>) : {};
  const jobs = Object.fromEntries(jobStates.map((state) => [state, count(jobsBody[state])])) as Record<
    JobState,
    number
  >;
  return {
    plugins_enabled: count(record.plugins_enabled),
    migrations_applied: count(record.migrations_applied),
    database_size_bytes: count(record.database_size_bytes),
    jobs,
  };
}
