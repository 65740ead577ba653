import { NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { DateTimeField } from '../console-list';
import { ShowLoadError } from '../load-error';
import type { Migration } from './types';

// No edit view exists, so Show renders without an edit button: migrations are read-only.
export function MigrationShow() {
  return (
    <Show<Migration> error={<ShowLoadError />}>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="set" />
        <TextField source="name" />
        <NumberField source="group_id" locales="pt-BR" />
        <DateTimeField source="migrated_at" />
      </SimpleShowLayout>
    </Show>
  );
}
