import { DataTable, DateField, ExportButton, List, TopToolbar } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ListLoadError, ListPagination } from '../load-error';
import type { Migration } from './types';

const Column = DataTable.Col<Migration>;
const NumberColumn = DataTable.NumberCol<Migration>;

function ListActions() {
  return (
    <TopToolbar>
      <ExportButton />
    </TopToolbar>
  );
}

export function MigrationList() {
  return (
    <List<Migration>
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      actions={<ListActions />}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      <DataTable<Migration> rowClick="show" bulkActionButtons={false}>
        <Column source="id" />
        <Column source="set" />
        <Column source="name" />
        <NumberColumn source="group_id" locales="pt-BR" />
        <Column source="migrated_at">
          <DateField source="migrated_at" showTime locales="pt-BR" options={dateTimeOptions} />
        </Column>
      </DataTable>
    </List>
  );
}
