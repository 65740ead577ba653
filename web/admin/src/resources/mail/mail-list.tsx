import { DataTable, TextInput } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';
import type { OutboxMessage } from './types';

const Column = DataTable.Col<OutboxMessage>;

const filters = [<TextInput key="to" source="to" alwaysOn />];

/** The outbox, newest first: where a local machine reads its confirmation links. */
export function MailList() {
  return (
    <ConsoleList filters={filters}>
      <Column source="to" />
      <Column source="subject" />
      <Column source="status" />
      <DateTimeColumn source="created_at" />
    </ConsoleList>
  );
}
