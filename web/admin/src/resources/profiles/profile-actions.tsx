import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import VerifiedIcon from '@mui/icons-material/Verified';
import ArticleIcon from '@mui/icons-material/Article';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Link, usePermissions, useRecordContext, useTranslate } from 'react-admin';

import { ReasonDialog } from '../moderation/reason-dialog';
import { roleChoices } from '../moderation/choices';
import { useAct } from '../moderation/use-act';

type Profile = { id: string; handle: string; role: string; is_verified: boolean; suspended_at: string | null };

/** Suspend or lift (moderators); the verified badge and the role (administrators only). */
export function ProfileActions() {
  const record = useRecordContext<Profile>();
  const translate = useTranslate();
  const { permissions } = usePermissions<string>();
  const { pending, run } = useAct();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const suspended = record.suspended_at !== null;
  const admin = permissions === 'admin';
  return (
    <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center' }}>
      <Button
        component={Link}
        to={{ pathname: '/posts', search: `filter=${encodeURIComponent(JSON.stringify({ author_id: record.id }))}` }}
        startIcon={<ArticleIcon />}
      >
        {translate('moderation.member_posts')}
      </Button>
      <Button
        variant="outlined"
        color={suspended ? 'primary' : 'error'}
        startIcon={suspended ? <LockOpenIcon /> : <BlockIcon />}
        onClick={() => setOpen(true)}
      >
        {translate(suspended ? 'moderation.unsuspend' : 'moderation.suspend')}
      </Button>
      {admin && (
        <Button
          variant="outlined"
          startIcon={<VerifiedIcon />}
          disabled={pending}
          onClick={() =>
            run((dp) => dp.updateProfile(record.id, { is_verified: !record.is_verified }), 'moderation.verified_changed')
          }
        >
          {translate(record.is_verified ? 'moderation.unverify' : 'moderation.verify')}
        </Button>
      )}
      {admin && (
        <TextField
          select
          size="small"
          label={translate('moderation.role')}
          value={record.role}
          disabled={pending}
          onChange={(e) => run((dp) => dp.updateProfile(record.id, { role: e.target.value }), 'moderation.role_changed')}
          sx={{ minWidth: 200 }}
        >
          {roleChoices.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {translate(c.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <ReasonDialog
        key={String(suspended)}
        open={open}
        pending={pending}
        title={translate(suspended ? 'moderation.unsuspend_title' : 'moderation.suspend_title', { handle: record.handle })}
        confirmLabel={translate(suspended ? 'moderation.unsuspend' : 'moderation.suspend')}
        onClose={() => setOpen(false)}
        onConfirm={(reason) =>
          run((dp) => dp.setSuspended(record.id, !suspended, reason), suspended ? 'moderation.unsuspended' : 'moderation.suspended', () =>
            setOpen(false),
          )
        }
      />
    </Stack>
  );
}
