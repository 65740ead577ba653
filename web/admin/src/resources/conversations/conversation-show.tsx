import { NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { DateTimeField } from '../console-list';
import { unbrokenText } from '../format';
import { ShowLoadError } from '../load-error';

import { PrivateNote } from './private-note';

/** One conversation's participants and counts, read-only. */
export function ConversationShow() {
  return (
    <>
      <PrivateNote />
      <Show error={<ShowLoadError />}>
        <SimpleShowLayout>
          <TextField source="user_low_handle" emptyText="—" sx={unbrokenText} />
          <TextField source="user_high_handle" emptyText="—" sx={unbrokenText} />
          <NumberField source="message_count" />
          <DateTimeField source="created_at" />
          <DateTimeField source="last_message_at" emptyText="—" />
        </SimpleShowLayout>
      </Show>
    </>
  );
}
