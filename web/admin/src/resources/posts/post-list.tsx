import { BooleanField, DataTable, DateField, DateInput, List, SearchInput, SelectField, SelectInput, TextField, TextInput } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ListLoadError, ListPagination } from '../load-error';
import { visibilityChoices } from '../moderation/choices';

import { CommunityField } from './community-field';

const Column = DataTable.Col;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="author" source="author" />,
  <TextInput key="hashtag" source="hashtag" />,
  <DateInput key="created_gte" source="created_gte" />,
  <DateInput key="created_lte" source="created_lte" />,
  <SelectInput key="visibility" source="visibility" choices={visibilityChoices} />,
  <TextInput key="audience_id" source="audience_id" />,
];

/** Every post, newest first, whatever its visibility (a community's included) or its author's standing. */
export function PostList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={filters} error={<ListLoadError />} pagination={<ListPagination />}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="text_content">
          <TextField source="text_content" emptyText="—" sx={{ display: 'block', maxWidth: '32rem' }} />
        </Column>
        <Column source="author_handle" />
        <Column source="visibility">
          <SelectField source="visibility" choices={visibilityChoices} />
        </Column>
        <Column source="audience_id">
          <CommunityField />
        </Column>
        <Column source="like_count" />
        <Column source="open_reports" />
        <Column source="author_suspended">
          <BooleanField source="author_suspended" />
        </Column>
        <Column source="created_at">
          <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
        </Column>
      </DataTable>
    </List>
  );
}
