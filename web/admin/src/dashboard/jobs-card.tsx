import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

import { jobStates, type AdminStats } from '../data/admin-stats';
import { formatCount } from './format';

/** River's own UI, mounted by the Go server behind admin auth: a full page load, not a console route. */
export const jobsPanelHref = '/admin/jobs';

export function JobsCard({ jobs }: { jobs: AdminStats['jobs'] }) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <Card component="section" aria-labelledby={labelId} variant="outlined">
      <CardContent>
        <Typography id={labelId} component="h2" variant="h6" gutterBottom>
          {translate('dashboard.jobs.title')}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
            gap: 2,
            m: 0,
          }}
        >
          {jobStates.map((state) => (
            <Box key={state}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(`dashboard.jobs.${state}`)}
              </Typography>
              <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                {formatCount(jobs[state])}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions>
        <Button href={jobsPanelHref} endIcon={<OpenInNewIcon />}>
          {translate('dashboard.jobs.open_panel')}
        </Button>
      </CardActions>
    </Card>
  );
}
