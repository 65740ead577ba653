import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

type ReasonDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  /** A reason is required unless optional (a report's note). */
  optional?: boolean;
  pending?: boolean;
  onClose: () => void;
  onConfirm: (text: string) => void;
  children?: ReactNode;
};

/** Asks why before a moderation act; the server checks the reason again (1 to 500 characters). */
export function ReasonDialog({ open, title, confirmLabel, optional, pending, onClose, onConfirm, children }: ReasonDialogProps) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reason-dialog-title">
      <DialogTitle id="reason-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {children}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={translate(optional ? 'moderation.note' : 'moderation.reason')}
          helperText={optional ? undefined : translate('moderation.reason_help')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('moderation.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={pending || (!optional && blank)}
          onClick={() => onConfirm(text.trim())}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
