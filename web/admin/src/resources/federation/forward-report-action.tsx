import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext } from 'react-admin';

import type { AdminDataProvider, ReportForwarding } from '../../data/data-provider';
import { dateTimeOptions } from '../format';
import { forwardReportMessages as m, forwardText } from './messages';

type Report = { id: string; reason?: string | null; target_author_handle?: string | null };

const maxContent = 500;

/** The server part of a remote account's handle (ana@exemplo.social), empty for a member's. */
function serverOf(handle: string | null | undefined): string {
  const at = handle?.lastIndexOf('@') ?? -1;
  return handle && at >= 0 ? handle.slice(at + 1) : '';
}

/**
 * On a report about another server's account, says where and when it was
 * forwarded, or offers to forward it there with a text the moderator
 * confirms (the report's reason to begin with). The server checks again
 * that the report is about remote content and forwards it only once.
 */
export function ForwardReportAction() {
  const record = useRecordContext<Report>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const server = serverOf(record?.target_author_handle);
  const id = record?.id;
  const [forwarding, setForwarding] = useState<ReportForwarding | null | undefined>(undefined);
  const [loadError, setLoadError] = useState('');
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const [pending, setPending] = useState(false);

  const load = useCallback(() => {
    if (!id || !server) return () => undefined;
    let current = true;
    dataProvider.getReportForwarding(id).then(
      (f) => {
        if (current) setForwarding(f);
      },
      (error: unknown) => {
        if (current) setLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      current = false;
    };
  }, [dataProvider, id, server]);
  useEffect(load, [load]);

  if (!record || !server) return null;
  if (loadError) {
    return (
      <Alert severity="error" sx={{ mx: 2 }}>
        {loadError}
      </Alert>
    );
  }
  if (forwarding === undefined) {
    return (
      <Box role="status" sx={{ px: 2, color: 'text.secondary' }}>
        {m.loading}
      </Box>
    );
  }
  if (forwarding) {
    const date = new Date(forwarding.forwarded_at).toLocaleString('pt-BR', dateTimeOptions);
    return (
      <Alert severity="info" sx={{ mx: 2, overflowWrap: 'anywhere' }}>
        {forwardText(m.forwarded, { server: forwarding.server, date })}
      </Alert>
    );
  }

  const start = () => {
    setContent((record.reason ?? '').slice(0, maxContent));
    setOpen(true);
  };
  const confirm = async () => {
    setPending(true);
    try {
      const f = await dataProvider.forwardReport(record.id, content.trim());
      const done = forwardText(m.done, { server: f.server });
      notify(done, { type: 'success', messageArgs: { _: done } });
      setOpen(false);
      setForwarding(f);
    } catch (error) {
      // The server's pt-BR detail, shown as is.
      const message = error instanceof Error ? error.message : String(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ px: 2 }}>
      <Button variant="outlined" onClick={start} sx={{ minHeight: 44 }}>
        {m.forward}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="forward-report-title">
        <DialogTitle id="forward-report-title">{m.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{forwardText(m.explain, { server })}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={m.content}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            helperText={forwardText(m.counter, { count: String(content.length) })}
            slotProps={{ htmlInput: { maxLength: maxContent } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{m.cancel}</Button>
          <Button variant="contained" disabled={pending} onClick={() => void confirm()}>
            {m.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
