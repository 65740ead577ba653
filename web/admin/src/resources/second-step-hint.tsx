import { Button } from '@mui/material';

import { secondStepMessages } from '../i18n/pt-br';

/** The code of an error an HttpError carries in its body, if any. */
function codeOf(error: unknown): string | undefined {
  const body = (error as { body?: { code?: unknown } } | null | undefined)?.body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/**
 * Under a refusal for staff without a second step of signing in (production
 * only): where to turn one on, the member app's /settings.
 */
export function SecondStepHint({ error }: { error: unknown }) {
  if (codeOf(error) !== secondStepMessages.code) return null;
  return (
    <Button href="/settings" variant="outlined" size="small" sx={{ mt: 1, display: 'flex', width: 'fit-content' }}>
      {secondStepMessages.open_settings}
    </Button>
  );
}
