import type { ReadOnlyField } from '../read-only-resource';
import type { Migration } from './types';

/** What the console shows of a migration, in its list and on its page alike. */
export const migrationFields: readonly ReadOnlyField<Migration>[] = [
  { source: 'id' },
  { source: 'set' },
  { source: 'name' },
  { source: 'group_id', kind: 'number' },
  { source: 'migrated_at', kind: 'datetime' },
];
