import { BooleanField, DateField, NumberField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ShowLoadError } from '../load-error';
import { roleChoices } from '../moderation/choices';
import { ProfileActions } from './profile-actions';

export function ProfileShow() {
  return (
    <Show error={<ShowLoadError />}>
      <ProfileActions />
      <SimpleShowLayout>
        <TextField source="handle" />
        <TextField source="display_name" />
        <TextField source="email" />
        <SelectField source="role" choices={roleChoices} />
        <BooleanField source="is_verified" />
        <BooleanField source="confirmed" />
        <DateField source="suspended_at" showTime locales="pt-BR" options={dateTimeOptions} emptyText="—" />
        <TextField source="suspended_reason" emptyText="—" />
        <DateField source="deleted_at" showTime locales="pt-BR" options={dateTimeOptions} emptyText="—" />
        <TextField source="bio" emptyText="—" />
        <NumberField source="post_count" />
        <NumberField source="follower_count" />
        <NumberField source="following_count" />
        <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
      </SimpleShowLayout>
    </Show>
  );
}
