import { BooleanField, BooleanInput, DataTable, SearchInput } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';

const Column = DataTable.Col;

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="is_active" source="is_active" />];

export function RoomList() {
  return (
    <ConsoleList filters={filters}>
      <Column source="name" />
      <Column source="host_handle" />
      <Column source="is_active">
        <BooleanField source="is_active" />
      </Column>
      <Column source="participant_count" />
      <DateTimeColumn source="created_at" />
    </ConsoleList>
  );
}
