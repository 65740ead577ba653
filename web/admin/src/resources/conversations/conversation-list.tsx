import { DataTable, SearchInput, TextField } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';
import { unbrokenText } from '../format';

import { PrivateNote } from './private-note';

const Column = DataTable.Col;

// The server searches a participant's handle and sorts by creation only.
const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Direct conversations, newest first: who talks and how much, never what was said. */
export function ConversationList() {
  return (
    <>
      <PrivateNote />
      <ConsoleList filters={filters}>
        <Column source="user_low_handle" disableSort>
          <TextField source="user_low_handle" emptyText="—" sx={unbrokenText} />
        </Column>
        <Column source="user_high_handle" disableSort>
          <TextField source="user_high_handle" emptyText="—" sx={unbrokenText} />
        </Column>
        <Column source="message_count" disableSort />
        <DateTimeColumn source="created_at" />
        <DateTimeColumn source="last_message_at" emptyText="—" disableSort />
      </ConsoleList>
    </>
  );
}
