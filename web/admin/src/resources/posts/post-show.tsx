import { BooleanField, NumberField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { DateTimeField } from '../console-list';
import { ShowLoadError } from '../load-error';
import { visibilityChoices } from '../moderation/choices';
import { RemoveWithReasonButton } from '../moderation/remove-button';

import { CommunityField } from './community-field';

export function PostShow() {
  return (
    <Show error={<ShowLoadError />} actions={<RemoveWithReasonButton />}>
      <SimpleShowLayout>
        <TextField source="text_content" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        <TextField source="author_handle" />
        <BooleanField source="author_suspended" />
        <SelectField source="visibility" choices={visibilityChoices} />
        <CommunityField source="audience_id" />
        <TextField source="type" />
        <TextField source="media_path" emptyText="—" />
        <TextField source="image_alt" emptyText="—" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
        <NumberField source="like_count" />
        <NumberField source="comment_count" />
        <NumberField source="open_reports" />
        <DateTimeField source="created_at" />
      </SimpleShowLayout>
    </Show>
  );
}
