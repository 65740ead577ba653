import DeleteIcon from '@mui/icons-material/DeleteForever';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useRedirect, useResourceContext, useTranslate } from 'react-admin';

import { ReasonDialog } from './reason-dialog';
import { useAct } from './use-act';

/** Removes the post of the page (posts, a community's included) with a reason, then goes back to the list. */
export function RemoveWithReasonButton() {
  const record = useRecordContext<{ id: string; text_content?: string | null }>();
  const resource = useResourceContext() ?? 'posts';
  const translate = useTranslate();
  const redirect = useRedirect();
  const { pending, run } = useAct();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {translate('moderation.remove')}
      </Button>
      <ReasonDialog
        open={open}
        pending={pending}
        title={translate('moderation.remove_title')}
        confirmLabel={translate('moderation.remove')}
        onClose={() => setOpen(false)}
        onConfirm={(reason) =>
          run((dp) => dp.removeWithReason(resource, String(record.id), reason), 'moderation.removed', () => {
            setOpen(false);
            redirect('list', resource);
          })
        }
      />
    </>
  );
}
