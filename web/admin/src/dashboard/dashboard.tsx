import ExtensionIcon from '@mui/icons-material/Extension';
import SdStorageIcon from '@mui/icons-material/SdStorage';
import StorageIcon from '@mui/icons-material/Storage';
import { Alert, AlertTitle, Box, CircularProgress, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

import type { AdminStats } from '../data/admin-stats';
import { formatBytes, formatCount } from './format';
import { JobsCard } from './jobs-card';
import { StatCard } from './stat-card';
import { useAdminStats } from './use-admin-stats';

function StatsView({ stats }: { stats: AdminStats }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
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
