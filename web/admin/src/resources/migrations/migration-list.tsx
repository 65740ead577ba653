import { DataTable } from 'react-admin';

import { ConsoleList, DateTimeColumn, ExportActions } from '../console-list';
import type { Migration } from './types';

const Column = DataTable.Col<Migration>;
const NumberColumn = DataTable.NumberCol<Migration>;

export function MigrationList() {
  return (
    <ConsoleList sort={{ field: 'id', order: 'ASC' }} actions={<ExportActions />}>
      <Column source="id" />
      <Column source="set" />
      <Column source="name" />
      <NumberColumn source="group_id" locales="pt-BR" />
      <DateTimeColumn source="migrated_at" />
    </ConsoleList>
  );
}
