import { DateField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ShowLoadError } from '../load-error';
import { RemoveWithReasonButton } from '../moderation/remove-button';

export function CommunityPostShow() {
  return (
    <Show error={<ShowLoadError />} actions={<RemoveWithReasonButton />}>
      <SimpleShowLayout>
        <TextField source="text_content" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        <TextField source="community_name" />
        <TextField source="author_handle" />
        <TextField source="media_path" emptyText="—" />
        <NumberField source="like_count" />
        <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
      </SimpleShowLayout>
    </Show>
  );
}
