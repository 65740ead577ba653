import { Alert, AlertTitle } from '@mui/material';
import { Pagination, useListContext, useShowContext, useTranslate } from 'react-admin';

import { SecondStepHint } from './second-step-hint';

function LoadError({ error }: { error: Error | null | undefined }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      <AlertTitle>{translate('ra.page.error')}</AlertTitle>
      {error?.message}
      <SecondStepHint error={error} />
    </Alert>
  );
}

/** Shown by a list instead of its table when the request failed (e.g. 403 admin_access_closed). */
export function ListLoadError() {
  const { error } = useListContext();
  return <LoadError error={error} />;
}

/** Shown by a show view when the record could not be read. */
export function ShowLoadError() {
  const { error } = useShowContext();
  return <LoadError error={error} />;
}

/** react-admin's pagination, hidden when there is nothing to page through because the request failed. */
export function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}
