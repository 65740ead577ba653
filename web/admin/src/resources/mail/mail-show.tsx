import { NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { DateTimeField } from '../console-list';
import { ShowLoadError } from '../load-error';
import type { OutboxMessage } from './types';

// Read-only: mail leaves through the outbox job, never from the console.
export function MailShow() {
  return (
    <Show<OutboxMessage> error={<ShowLoadError />}>
      <SimpleShowLayout>
        <TextField source="to" />
        <TextField source="subject" />
        <TextField source="body_text" sx={{ whiteSpace: 'pre-wrap' }} />
        <TextField source="status" />
        <NumberField source="attempts" locales="pt-BR" />
        <TextField source="last_error" emptyText="—" />
        <DateTimeField source="created_at" />
        <DateTimeField source="sent_at" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
