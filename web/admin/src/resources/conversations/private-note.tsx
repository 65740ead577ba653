import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Says why the console shows no message: what members write each other stays between them. */
export function PrivateNote() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mx: 2, my: 1 }}>
      {translate('resources.conversations.private_note')}
    </Alert>
  );
}
