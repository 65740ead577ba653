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

/** How many of something happened on one UTC day (YYYY-MM-DD). */
export type DayCount = { day: string; count: number };

export const totalKeys = ['members', 'posts', 'comments', 'open_reports', 'suspended', 'staff'] as const;
export type TotalKey = (typeof totalKeys)[number];

/** Body of GET /api/v1/admin/stats. */
export type AdminStats = {
  plugins_enabled: number;
  migrations_applied: number;
  database_size_bytes: number;
  jobs: Record<JobState, number>;
  queue_depth: number;
  failed_jobs: number;
  totals: Record<TotalKey, number>;
  sign_ups_per_day: DayCount[];
  posts_per_day: DayCount[];
};

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function days(value: unknown): DayCount[] {
  if (!Array.isArray(value)) return [];
  return value
    .map(record)
    .filter((d) => typeof d.day === 'string')
    .map((d) => ({ day: d.day as string, count: count(d.count) }));
}

/** Reads the server's answer defensively: a missing number shows as 0, not as a crash. */
export function parseAdminStats(body: unknown): AdminStats {
  const root = record(body);
  const jobsBody = record(root.jobs);
  const totalsBody = record(root.totals);
  const jobs = Object.fromEntries(jobStates.map((state) => [state, count(jobsBody[state])])) as Record<JobState, number>;
  const totals = Object.fromEntries(totalKeys.map((k) => [k, count(totalsBody[k])])) as Record<TotalKey, number>;
  return {
    plugins_enabled: count(root.plugins_enabled),
    migrations_applied: count(root.migrations_applied),
    database_size_bytes: count(root.database_size_bytes),
    jobs,
    queue_depth: count(root.queue_depth),
    failed_jobs: count(root.failed_jobs),
    totals,
    sign_ups_per_day: days(root.sign_ups_per_day),
    posts_per_day: days(root.posts_per_day),
  };
}
