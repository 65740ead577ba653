import { BooleanField, BooleanInput, DataTable, DateField, List, SearchInput } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ListLoadError, ListPagination } from '../load-error';

const Column = DataTable.Col;

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="is_active" source="is_active" />];

export function RoomList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={filters} error={<ListLoadError />} pagination={<ListPagination />}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="name" />
        <Column source="host_handle" />
        <Column source="is_active">
          <BooleanField source="is_active" />
        </Column>
        <Column source="participant_count" />
        <Column source="created_at">
          <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
        </Column>
      </DataTable>
    </List>
  );
}
