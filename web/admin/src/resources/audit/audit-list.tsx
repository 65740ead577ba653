import { DataTable, DateField, List, SearchInput, SelectField, TextField, TextInput } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ListLoadError, ListPagination } from '../load-error';
import { actorRoleChoices } from '../moderation/choices';

const Column = DataTable.Col;

const filters = [<SearchInput key="q" source="q" alwaysOn />, <TextInput key="action" source="action" />, <TextInput key="target_id" source="target_id" />];

/** Every act of moderators, administrators and the operator, newest first; read-only. */
export function AuditList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} perPage={50} filters={filters} error={<ListLoadError />} pagination={<ListPagination />}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="created_at">
          <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
        </Column>
        <Column source="actor_handle">
          <TextField source="actor_handle" emptyText="—" />
        </Column>
        <Column source="actor_role">
          <SelectField source="actor_role" choices={actorRoleChoices} />
        </Column>
        <Column source="action" />
        <Column source="target_type" />
        <Column source="reason">
          <TextField source="reason" emptyText="—" />
        </Column>
      </DataTable>
    </List>
  );
}
