import { Card, CardContent, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

import type { DayCount } from '../data/admin-stats';
import { formatCount } from './format';

type BarChartProps = { title: string; days: DayCount[] };

const width = 600;
const height = 160;

/** Counts per day as bars (plain SVG); each bar says its day and count to screen readers and on hover. */
export function BarChart({ title, days }: BarChartProps) {
  const translate = useTranslate();
  const titleId = useId();
  const top = Math.max(1, ...days.map((d) => d.count));
  const step = days.length > 0 ? width / days.length : width;
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined">
      <CardContent>
        <Typography id={titleId} component="h2" variant="subtitle1">
          {title}
        </Typography>
        <Typography variant="h5" component="p">
          {formatCount(total)}
        </Typography>
        <svg viewBox={`0 0 ${width} ${height + 20}`} width="100%" role="img" aria-label={title}>
          {days.map((d, i) => {
            const h = Math.round((d.count / top) * height);
            const label = translate('dashboard.chart_day', { day: d.day.split('-').reverse().join('/'), count: formatCount(d.count) });
            return (
              <g key={d.day}>
                <title>{label}</title>
                <rect x={i * step + 2} y={height - h} width={Math.max(1, step - 4)} height={Math.max(h, d.count > 0 ? 2 : 0)} fill="#1976d2" rx={2} />
              </g>
            );
          })}
          <line x1={0} y1={height} x2={width} y2={height} stroke="#9e9e9e" />
          {days.length > 0 && (
            <>
              <text x={0} y={height + 16} fontSize={12} fill="#616161">
                {days[0].day.split('-').reverse().slice(0, 2).join('/')}
              </text>
              <text x={width} y={height + 16} fontSize={12} fill="#616161" textAnchor="end">
                {days[days.length - 1].day.split('-').reverse().slice(0, 2).join('/')}
              </text>
            </>
          )}
        </svg>
      </CardContent>
    </Card>
  );
}
