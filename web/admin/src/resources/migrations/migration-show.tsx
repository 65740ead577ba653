import { ReadOnlyShow } from '../read-only-resource';
import { migrationFields } from './fields';
import type { Migration } from './types';

// Migrations are read-only: the console has no edit view for them.
export function MigrationShow() {
  return <ReadOnlyShow<Migration> fields={migrationFields} />;
}
