import { DataTable, SearchInput, SelectField, TextField, TextInput } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';
import { actorRoleChoices } from '../moderation/choices';

const Column = DataTable.Col;

const filters = [<SearchInput key="q" source="q" alwaysOn />, <TextInput key="action" source="action" />, <TextInput key="target_id" source="target_id" />];

/** Every act of moderators, administrators and the operator, newest first; read-only. */
export function AuditList() {
  return (
    <ConsoleList filters={filters} perPage={50}>
      <DateTimeColumn source="created_at" />
      <Column source="actor_handle" disableSort>
        <TextField source="actor_handle" emptyText="—" />
      </Column>
      <Column source="actor_role">
        <SelectField source="actor_role" choices={actorRoleChoices} />
      </Column>
      <Column source="action" />
      <Column source="target_type" disableSort />
      <Column source="reason" disableSort>
        <TextField source="reason" emptyText="—" />
      </Column>
    </ConsoleList>
  );
}
