import HistoryIcon from '@mui/icons-material/History';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./audit-list').then((m) => m.AuditList)),
  show: lazyScreen(() => import('./audit-show').then((m) => m.AuditShow)),
  icon: HistoryIcon,
  recordRepresentation: 'action',
};
