import { BooleanField, DataTable, ExportButton, List, TopToolbar } from 'react-admin';

import { ListLoadError, ListPagination } from '../load-error';
import type { PluginInfo } from './types';

const Column = DataTable.Col<PluginInfo>;
const NumberColumn = DataTable.NumberCol<PluginInfo>;

function ListActions() {
  return (
    <TopToolbar>
      <ExportButton />
    </TopToolbar>
  );
}

export function PluginList() {
  return (
    <List<PluginInfo>
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      actions={<ListActions />}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      <DataTable<PluginInfo> rowClick="show" bulkActionButtons={false}>
        <Column source="id" />
        <Column source="enabled" field={BooleanField} />
        <NumberColumn source="routes" locales="pt-BR" />
        <NumberColumn source="workers" locales="pt-BR" />
        <NumberColumn source="periodic_jobs" locales="pt-BR" />
        <NumberColumn source="migrations" locales="pt-BR" />
        <NumberColumn source="topics" locales="pt-BR" />
      </DataTable>
    </List>
  );
}
