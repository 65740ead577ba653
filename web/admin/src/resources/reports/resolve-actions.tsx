import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';

import type { ReportAction } from '../../data/data-provider';
import { ReasonDialog } from '../moderation/reason-dialog';
import { useAct } from '../moderation/use-act';

type Report = { id: string; status: string; target_type: string; target_exists: boolean };

/** Resolves an open report: archive it, remove the post, or suspend its author, with a note. */
export function ResolveActions() {
  const record = useRecordContext<Report>();
  const translate = useTranslate();
  const { pending, run } = useAct();
  const [action, setAction] = useState<ReportAction | null>(null);
  if (!record || record.status !== 'open') return null;
  const onPost = record.target_type === 'post' && record.target_exists;
  const actions: ReportAction[] = onPost ? ['dismiss', 'remove_post', 'suspend_author'] : ['dismiss'];
  return (
    <Stack direction="row" spacing={2} sx={{ p: 2 }}>
      {actions.map((a) => (
        <Button key={a} variant={a === 'dismiss' ? 'outlined' : 'contained'} color={a === 'dismiss' ? 'primary' : 'error'} onClick={() => setAction(a)}>
          {translate(`moderation.actions.${a}`)}
        </Button>
      ))}
      <ReasonDialog
        key={action ?? 'none'}
        open={action !== null}
        optional
        pending={pending}
        title={`${translate('moderation.resolve_title')}: ${action ? translate(`moderation.actions.${action}`) : ''}`}
        confirmLabel={action ? translate(`moderation.actions.${action}`) : ''}
        onClose={() => setAction(null)}
        onConfirm={(note) =>
          action && run((dp) => dp.resolveReport(record.id, action, note), 'moderation.resolved', () => setAction(null))
        }
      />
    </Stack>
  );
}
