import { DateField, NumberField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { dateTimeOptions } from '../format';
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
        <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
      </SimpleShowLayout>
    </Show>
  );
}
