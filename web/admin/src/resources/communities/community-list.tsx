import { DataTable, DateField, List, SearchInput, SelectField, SelectInput } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ListLoadError, ListPagination } from '../load-error';
import { privacyChoices } from '../moderation/choices';

const Column = DataTable.Col;

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="privacy" source="privacy" choices={privacyChoices} />];

export function CommunityList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={filters} error={<ListLoadError />} pagination={<ListPagination />}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="name" />
        <Column source="privacy">
          <SelectField source="privacy" choices={privacyChoices} />
        </Column>
        <Column source="member_count" />
        <Column source="owner_handle" />
        <Column source="created_at">
          <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
        </Column>
      </DataTable>
    </List>
  );
}
