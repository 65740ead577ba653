import StopIcon from '@mui/icons-material/Stop';
import { Button } from '@mui/material';
import { useState } from 'react';
import { BooleanField, NumberField, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';

import { DateTimeField } from '../console-list';
import { ShowLoadError } from '../load-error';
import { ReasonDialog } from '../moderation/reason-dialog';
import { useAct } from '../moderation/use-act';

/** Ends an active room for everyone in it, with a reason. */
function EndRoomButton() {
  const record = useRecordContext<{ id: string; is_active: boolean }>();
  const translate = useTranslate();
  const { pending, run } = useAct();
  const [open, setOpen] = useState(false);
  if (!record?.is_active) return null;
  return (
    <>
      <Button color="error" startIcon={<StopIcon />} onClick={() => setOpen(true)}>
        {translate('resources.rooms.end')}
      </Button>
      <ReasonDialog
        open={open}
        pending={pending}
        title={translate('resources.rooms.end_title')}
        confirmLabel={translate('resources.rooms.end')}
        onClose={() => setOpen(false)}
        onConfirm={(reason) => run((dp) => dp.endRoom(record.id, reason), 'resources.rooms.ended', () => setOpen(false))}
      />
    </>
  );
}

export function RoomShow() {
  return (
    <Show error={<ShowLoadError />} actions={<EndRoomButton />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="host_handle" emptyText="—" />
        <BooleanField source="is_active" />
        <NumberField source="participant_count" />
        <DateTimeField source="created_at" />
        <DateTimeField source="ended_at" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
