import { BooleanField, BooleanInput, DataTable, SearchInput, SelectField, SelectInput } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';
import { roleChoices } from '../moderation/choices';

const Column = DataTable.Col;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} />,
  <BooleanInput key="suspended" source="suspended" />,
  <BooleanInput key="is_verified" source="is_verified" />,
];

/** Members, newest first: search by handle, name or e-mail. */
export function ProfileList() {
  return (
    <ConsoleList filters={filters}>
      <Column source="handle" />
      <Column source="display_name" />
      <Column source="email" />
      <Column source="role">
        <SelectField source="role" choices={roleChoices} />
      </Column>
      <Column source="is_verified" disableSort>
        <BooleanField source="is_verified" />
      </Column>
      <DateTimeColumn source="suspended_at" emptyText="—" />
      <DateTimeColumn source="deleted_at" emptyText="—" />
      <Column source="post_count" />
      <DateTimeColumn source="created_at" />
    </ConsoleList>
  );
}
