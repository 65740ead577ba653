import { BooleanField, NumberField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { DateTimeField } from '../console-list';
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
        <DateTimeField source="suspended_at" emptyText="—" />
        <TextField source="suspended_reason" emptyText="—" />
        <DateTimeField source="deleted_at" emptyText="—" />
        <TextField source="bio" emptyText="—" />
        <NumberField source="post_count" />
        <NumberField source="follower_count" />
        <NumberField source="following_count" />
        <DateTimeField source="created_at" />
      </SimpleShowLayout>
    </Show>
  );
}
