import { BooleanField, DataTable, DateInput, SearchInput, SelectField, SelectInput, TextField, TextInput } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';
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
    <ConsoleList filters={filters}>
      <Column source="text_content" disableSort>
        <TextField source="text_content" emptyText="—" sx={{ display: 'block', maxWidth: '32rem' }} />
      </Column>
      <Column source="author_handle" />
      <Column source="visibility" disableSort>
        <SelectField source="visibility" choices={visibilityChoices} />
      </Column>
      <Column source="audience_id" disableSort>
        <CommunityField />
      </Column>
      <Column source="like_count" />
      <Column source="open_reports" disableSort />
      <Column source="author_suspended" disableSort>
        <BooleanField source="author_suspended" />
      </Column>
      <DateTimeColumn source="created_at" />
    </ConsoleList>
  );
}
