import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  Create,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';

import { ReasonDialog } from '../moderation/reason-dialog';
import { useAct } from '../moderation/use-act';

type Policy = { id: string; domain: string };

/** The measures and the reason; the server checks all of it again. */
function PolicyFields({ creating }: { creating?: boolean }) {
  const translate = useTranslate();
  const help = (field: string) => translate(`resources.federation_policies.help.${field}`);
  return (
    <>
      <TextInput
        source="domain"
        validate={required()}
        disabled={!creating}
        helperText={help('domain')}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 253, autoCapitalize: 'none', spellCheck: false } }}
      />
      <BooleanInput source="suspend" helperText={help('suspend')} />
      <BooleanInput source="silence" helperText={help('silence')} />
      <BooleanInput source="reject_media" helperText={help('reject_media')} />
      <TextInput
        source="reason"
        validate={required()}
        multiline
        minRows={2}
        fullWidth
        helperText={help('reason')}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </>
  );
}

/** Lifts the policy, with a reason kept in the audit log. */
function RemovePolicyButton() {
  const record = useRecordContext<Policy>();
  const translate = useTranslate();
  const redirect = useRedirect();
  const { pending, run } = useAct();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {translate('resources.federation_policies.remove')}
      </Button>
      <ReasonDialog
        open={open}
        pending={pending}
        title={translate('resources.federation_policies.remove_title')}
        confirmLabel={translate('resources.federation_policies.remove')}
        onClose={() => setOpen(false)}
        onConfirm={(reason) =>
          run(
            (dp) => dp.removeWithReason('federation_policies', record.id, reason),
            'resources.federation_policies.removed',
            () => {
              setOpen(false);
              redirect('list', 'federation_policies');
            },
          )
        }
      />
    </>
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
      <SaveButton />
      <RemovePolicyButton />
    </Toolbar>
  );
}

function EditTitle() {
  const record = useRecordContext<Policy>();
  const translate = useTranslate();
  return <span>{translate('resources.federation_policies.edit_title', { domain: record?.domain ?? '' })}</span>;
}

export function PolicyCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('resources.federation_policies.create_title')} redirect="list">
      <SimpleForm defaultValues={{ suspend: false, silence: false, reject_media: false }}>
        <PolicyFields creating />
      </SimpleForm>
    </Create>
  );
}

export function PolicyEdit() {
  return (
    <Edit title={<EditTitle />} mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<EditToolbar />}>
        <PolicyFields />
      </SimpleForm>
    </Edit>
  );
}
