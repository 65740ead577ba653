import { NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { DateTimeField } from '../console-list';
import { unbrokenText } from '../format';
import { ShowLoadError } from '../load-error';

/** One story, read-only: the server offers no action on stories. */
export function StoryShow() {
  return (
    <Show error={<ShowLoadError />}>
      <SimpleShowLayout>
        <TextField source="text" sx={{ ...unbrokenText, whiteSpace: 'pre-wrap' }} />
        <TextField source="author_handle" emptyText="—" sx={unbrokenText} />
        <NumberField source="view_count" />
        <DateTimeField source="created_at" />
        <DateTimeField source="expires_at" />
      </SimpleShowLayout>
    </Show>
  );
}
