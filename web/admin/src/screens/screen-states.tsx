import { Alert, AlertTitle, Box, Button, CircularProgress, Typography } from '@mui/material';

import { consoleMessages } from '../i18n/pt-br';

/**
 * Shown in the content area while a screen's code arrives. It appears only
 * after a moment, so a screen already in the browser's cache does not flash
 * it; a screen reader hears it as a status.
 */
export function ScreenLoading() {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: 8,
        opacity: 0,
        animation: 'screen-loading-in 0s 300ms forwards',
        '@keyframes screen-loading-in': { to: { opacity: 1 } },
      }}
    >
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{consoleMessages.screenLoading}</Typography>
    </Box>
  );
}

/** Shown instead of a screen whose code could not be fetched; the button sits under the text, which keeps a phone's width. */
export function ScreenLoadFailed() {
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      <AlertTitle>{consoleMessages.screenLoadFailed}</AlertTitle>
      <Typography variant="body2">{consoleMessages.screenLoadFailedHint}</Typography>
      <Button variant="outlined" color="inherit" size="small" sx={{ mt: 1.5 }} onClick={() => window.location.reload()}>
        {consoleMessages.screenReload}
      </Button>
    </Alert>
  );
}
