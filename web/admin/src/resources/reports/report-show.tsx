import { BooleanField, DateField, NumberField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { dateTimeOptions } from '../format';
import { ShowLoadError } from '../load-error';
import { actionChoices, statusChoices, targetTypeChoices } from '../moderation/choices';
import { ResolveActions } from './resolve-actions';

export function ReportShow() {
  return (
    <Show error={<ShowLoadError />}>
      <ResolveActions />
      <SimpleShowLayout>
        <SelectField source="status" choices={statusChoices} />
        <SelectField source="target_type" choices={targetTypeChoices} />
        <TextField source="target_text" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        <TextField source="target_image_alt" emptyText="—" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
        <TextField source="target_author_handle" emptyText="—" />
        <BooleanField source="target_exists" />
        <TextField source="reason" emptyText="—" />
        <TextField source="reporter_handle" emptyText="—" />
        <NumberField source="same_target_count" />
        <DateField source="created_at" showTime locales="pt-BR" options={dateTimeOptions} />
        <SelectField source="resolution" choices={actionChoices} emptyText="—" />
        <TextField source="resolution_note" emptyText="—" />
        <TextField source="resolver_handle" emptyText="—" />
        <DateField source="resolved_at" showTime locales="pt-BR" options={dateTimeOptions} emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
