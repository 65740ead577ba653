import { DataTable, DateField, DateInput, List, SearchInput, TextField, TextInput } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ListLoadError, ListPagination } from '../load-error';

const Column = DataTable.Col;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="author" source="author" />,
  <DateInput key="created_gte" source="created_gte" />,
  <DateInput key="created_lte" source="created_lte" />,
];

/** Posts of every community, newest first. */
export function CommunityPostList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={filters} error={<ListLoadError />} pagination={<ListPagination />}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="text_content">
          <TextField source="text_content" emptyText="—" sx={{ display: 'block', maxWidth: '32rem' }} />
        </Column>
        <Column source="community_name" />
        <Column source="author_handle" />
        <Column source="like_count" />
        <Column source="created_at">
          <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
        </Column>
      </DataTable>
    </List>
  );
}
