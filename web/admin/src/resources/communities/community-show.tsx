import { NumberField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { DateTimeField } from '../console-list';
import { ShowLoadError } from '../load-error';
import { privacyChoices } from '../moderation/choices';

export function CommunityShow() {
  return (
    <Show error={<ShowLoadError />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <SelectField source="privacy" choices={privacyChoices} />
        <NumberField source="member_count" />
        <TextField source="owner_handle" emptyText="—" />
        <DateTimeField source="created_at" />
      </SimpleShowLayout>
    </Show>
  );
}
