import { BooleanField, NumberField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { PluginReportActions } from '../../plugins';
import { DateTimeField } from '../console-list';
import { ShowLoadError } from '../load-error';
import { actionChoices, statusChoices, targetTypeChoices } from '../moderation/choices';
import { ResolveActions } from './resolve-actions';

export function ReportShow() {
  return (
    <Show error={<ShowLoadError />}>
      <ResolveActions />
      <PluginReportActions />
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
        <DateTimeField source="created_at" />
        <SelectField source="resolution" choices={actionChoices} emptyText="—" />
        <TextField source="resolution_note" emptyText="—" />
        <TextField source="resolver_handle" emptyText="—" />
        <DateTimeField source="resolved_at" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
