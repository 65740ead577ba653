import { ReadOnlyList } from '../read-only-resource';
import { migrationFields } from './fields';

export function MigrationList() {
  return <ReadOnlyList fields={migrationFields} />;
}
