/** One applied migration, as GET /api/v1/admin/migrations lists it. */
export type Migration = {
  /** `<set>:<name>`, e.g. `core:20261122000001_init`. */
  id: string;
  /** `core` or the plugin that owns the migration. */
  set: string;
  name: string;
  group_id: number;
  /** RFC 3339 timestamp. */
  migrated_at: string;
};
