import { DataTable, DateField, List, TextInput } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ListLoadError, ListPagination } from '../load-error';
import type { OutboxMessage } from './types';

const Column = DataTable.Col<OutboxMessage>;

const filters = [<TextInput key="to" source="to" alwaysOn />];

/** The outbox, newest first: where a local machine reads its confirmation links. */
export function MailList() {
  return (
    <List<OutboxMessage>
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      filters={filters}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      <DataTable<OutboxMessage> rowClick="show" bulkActionButtons={false}>
        <Column source="to" />
        <Column source="subject" />
        <Column source="status" />
        <Column source="created_at">
          <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
        </Column>
      </DataTable>
    </List>
  );
}
