import ArticleIcon from '@mui/icons-material/Article';
import BlockIcon from '@mui/icons-material/Block';
import ErrorIcon from '@mui/icons-material/Error';
import ExtensionIcon from '@mui/icons-material/Extension';
import FlagIcon from '@mui/icons-material/Flag';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import PeopleIcon from '@mui/icons-material/People';
import SdStorageIcon from '@mui/icons-material/SdStorage';
import StorageIcon from '@mui/icons-material/Storage';
import { Alert, AlertTitle, Box, CircularProgress, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

import type { AdminStats } from '../data/admin-stats';
import { SecondStepHint } from '../resources/second-step-hint';
import { BarChart } from './bar-chart';
import { formatBytes, formatCount } from './format';
import { JobsCard } from './jobs-card';
import { StatCard } from './stat-card';
import { useAdminStats } from './use-admin-stats';

function StatsView({ stats }: { stats: AdminStats }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))' }}>
        <StatCard label={translate('dashboard.totals.members')} value={formatCount(stats.totals.members)} icon={<PeopleIcon fontSize="inherit" />} />
        <StatCard label={translate('dashboard.totals.posts')} value={formatCount(stats.totals.posts)} icon={<ArticleIcon fontSize="inherit" />} />
        <StatCard label={translate('dashboard.totals.open_reports')} value={formatCount(stats.totals.open_reports)} icon={<FlagIcon fontSize="inherit" />} />
        <StatCard label={translate('dashboard.totals.suspended')} value={formatCount(stats.totals.suspended)} icon={<BlockIcon fontSize="inherit" />} />
        <StatCard label={translate('dashboard.queue_depth')} value={formatCount(stats.queue_depth)} icon={<HourglassIcon fontSize="inherit" />} />
        <StatCard label={translate('dashboard.failed_jobs')} value={formatCount(stats.failed_jobs)} icon={<ErrorIcon fontSize="inherit" />} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(22rem, 1fr))' }}>
        <BarChart title={translate('dashboard.sign_ups_chart')} days={stats.sign_ups_per_day} />
        <BarChart title={translate('dashboard.posts_chart')} days={stats.posts_per_day} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))' }}>
        <StatCard
          label={translate('dashboard.plugins_enabled')}
          value={formatCount(stats.plugins_enabled)}
          icon={<ExtensionIcon fontSize="inherit" />}
        />
        <StatCard
          label={translate('dashboard.migrations_applied')}
          value={formatCount(stats.migrations_applied)}
          icon={<StorageIcon fontSize="inherit" />}
        />
        <StatCard
          label={translate('dashboard.database_size')}
          value={formatBytes(stats.database_size_bytes)}
          icon={<SdStorageIcon fontSize="inherit" />}
        />
      </Box>
      <JobsCard jobs={stats.jobs} />
    </Box>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const stats = useAdminStats();

  let content;
  if (stats.isPending) {
    content = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{translate('dashboard.loading')}</Typography>
      </Box>
    );
  } else if (stats.isError) {
    content = (
      <Alert severity="error">
        <AlertTitle>{translate('dashboard.error_title')}</AlertTitle>
        {stats.error.message}
        <SecondStepHint error={stats.error} />
      </Alert>
    );
  } else {
    content = <StatsView stats={stats.data} />;
  }

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('dashboard.title')} />
      {content}
    </Box>
  );
}
