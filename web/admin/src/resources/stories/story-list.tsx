import { AutocompleteInput, DataTable, ReferenceInput, SearchInput, TextField } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';
import { listText, unbrokenText } from '../format';

const Column = DataTable.Col;

// The server filters stories by q (their text) and author_id; an author is
// picked by handle among the members.
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="author_id" source="author_id" reference="profiles">
    <AutocompleteInput optionText="handle" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
];

/** Every story still stored, expired ones too until the expiry job deletes them, newest first. */
export function StoryList() {
  return (
    <ConsoleList filters={filters}>
      <Column source="text" disableSort>
        <TextField source="text" sx={listText} />
      </Column>
      <Column source="author_handle">
        <TextField source="author_handle" emptyText="—" sx={unbrokenText} />
      </Column>
      <Column source="view_count" />
      <DateTimeColumn source="created_at" />
      <DateTimeColumn source="expires_at" />
    </ConsoleList>
  );
}
