import { FunctionField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { DateTimeField } from '../console-list';
import { ShowLoadError } from '../load-error';
import { actorRoleChoices } from '../moderation/choices';

export function AuditShow() {
  return (
    <Show error={<ShowLoadError />} actions={false}>
      <SimpleShowLayout>
        <DateTimeField source="created_at" />
        <TextField source="actor_handle" emptyText="—" />
        <SelectField source="actor_role" choices={actorRoleChoices} />
        <TextField source="action" />
        <TextField source="target_type" />
        <TextField source="target_id" />
        <TextField source="reason" emptyText="—" />
        <FunctionField
          source="details"
          render={(r: { details?: unknown }) => (
            <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(r.details ?? {}, null, 2)}</pre>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
