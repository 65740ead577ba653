import { BooleanField, BooleanInput, DataTable, DateField, List, SearchInput, SelectField, SelectInput } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ListLoadError, ListPagination } from '../load-error';
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
    <List sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={filters} error={<ListLoadError />} pagination={<ListPagination />}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="handle" />
        <Column source="display_name" />
        <Column source="email" />
        <Column source="role">
          <SelectField source="role" choices={roleChoices} />
        </Column>
        <Column source="is_verified">
          <BooleanField source="is_verified" />
        </Column>
        <Column source="suspended_at">
          <DateField source="suspended_at" showTime locales="pt-BR" options={dateTimeOptions} emptyText="—" />
        </Column>
        <Column source="deleted_at">
          <DateField source="deleted_at" showTime locales="pt-BR" options={dateTimeOptions} emptyText="—" />
        </Column>
        <Column source="post_count" />
        <Column source="created_at">
          <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
        </Column>
      </DataTable>
    </List>
  );
}
