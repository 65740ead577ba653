import { Card, CardContent, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

type StatCardProps = {
  label: string;
  value: string;
  icon: ReactNode;
};

/** One number of the dashboard; a labelled region so it can be found by its label. */
export function StatCard({ label, value, icon }: StatCardProps) {
  const labelId = useId();
  return (
    <Card component="section" aria-labelledby={labelId} variant="outlined">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography component="span" color="primary" sx={{ display: 'flex', fontSize: 40 }} aria-hidden>
          {icon}
        </Typography>
        <div>
          <Typography id={labelId} component="h2" variant="subtitle2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="p" variant="h4">
            {value}
          </Typography>
        </div>
      </CardContent>
    </Card>
  );
}
